package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/graph"
)

// TestLoadGraphCache: the graph is read once and reused while nothing
// changes, and every kind of change (new link, edited link, target deleted
// so its backlinks dangle, source deleted so its links cascade away) gives
// a fresh graph with the new edges.
func TestLoadGraphCache(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, map[string]string{
		"docs/a.md": "# A\n\nSee [[b]] and [[c|depends_on]].\n",
		"docs/b.md": "# B\n\nNothing here.\n",
		"docs/c.md": "# C\n\nSee [[b]].\n",
	})
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	load := func() *graph.Graph {
		t.Helper()
		g, err := e.LoadGraph(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	edges := func(g *graph.Graph) int {
		n := 0
		for _, id := range g.Nodes() {
			n += len(g.Out(id))
		}
		return n
	}
	first := load()
	if load() != first {
		t.Fatal("an unchanged index must give the cached graph, not a new one")
	}
	if got := edges(first); got != 3 {
		t.Fatalf("edges %d, want 3", got)
	}
	// A change to links alone (as link re-resolution makes) is seen too.
	if _, err := e.db.Exec(`UPDATE links SET link_type = 'implements' WHERE link_type = 'depends_on'`); err != nil {
		t.Fatal(err)
	}
	relinked := load()
	if relinked == first {
		t.Fatal("a change to the links table alone must give a fresh graph")
	}
	implements := 0
	for _, id := range relinked.Nodes() {
		for _, ed := range relinked.Out(id) {
			if ed.Type == "implements" {
				implements++
			}
		}
	}
	if implements != 1 {
		t.Errorf("edges of type implements %d, want 1", implements)
	}
	remove := func(name string) func() {
		return func() {
			if err := os.Remove(filepath.Join(root, "docs", name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	steps := []struct {
		name         string
		change       func()
		nodes, edges int
	}{
		{"new link", func() { coreEdit(t, filepath.Join(root, "docs/b.md"), "# B\n\nNow [[c]].\n") }, 3, 4},
		{"edited link type", func() { coreEdit(t, filepath.Join(root, "docs/c.md"), "# C\n\nSee [[b|extends]].\n") }, 3, 4},
		{"target deleted: its backlinks dangle", remove("b.md"), 2, 1},
		{"source deleted: its links cascade away", remove("a.md"), 1, 0},
	}
	prev := relinked
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			st.change()
			coreIndex(t, e, false)
			g := load()
			if g == prev {
				t.Fatalf("%s: the cached graph was returned after the index changed", st.name)
			}
			if got := len(g.Nodes()); got != st.nodes {
				t.Errorf("%s: nodes %d, want %d", st.name, got, st.nodes)
			}
			if got := edges(g); got != st.edges {
				t.Errorf("%s: edges %d, want %d", st.name, got, st.edges)
			}
			prev = g
		})
	}
}
