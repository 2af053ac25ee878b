package graphview

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// view is an indexed folder with what the engine hands the builders: the
// link graph and every document's metadata.
type view struct {
	rdb  *sql.DB
	g    *graph.Graph
	meta map[int64]*docmeta.Meta
	ids  map[string]int64 // file path → row id
}

func newView(t *testing.T) view {
	t.Helper()
	root := t.TempDir()
	fixture.WriteFiles(t, filepath.Join(root, "docs"), map[string]string{
		"a.md": "# A\n\nSee [[b]], [[b]] again, [[b|depends_on]] and [[missing]].\n",
		"b.md": "# B\n\nOn to [[c]] and [[missing]].\n",
		"c.md": "# C\n\nNothing.\n",
		"d.md": "# D\n\nTo [[a]] and [[nowhere]].\n",
		"e.md": "# E\n\nAlone.\n",
	})
	ix := indextest.Build(t, root)
	ctx := context.Background()
	v := view{rdb: ix.RDB, ids: map[string]int64{}}
	err := store.ReadTx(ctx, ix.RDB, func(tx *sql.Tx) error {
		var err error
		if v.g, err = pageread.LinkGraph(ctx, tx); err != nil {
			return err
		}
		v.meta, err = docmeta.Load(ctx, tx, nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for id, d := range v.meta {
		v.ids[d.Filepath] = id
	}
	return v
}

func (v view) around(t *testing.T, center string, depth int, dangling bool) answer.GraphResult {
	t.Helper()
	ctx := context.Background()
	if center == "" {
		res, err := Whole(ctx, v.rdb, v.g, v.meta, dangling, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	var (
		cache linkwalk.Cache
		docs  docmeta.Cache
	)
	links, err := cache.Neighbourhood(ctx, v.rdb, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Around(ctx, v.rdb, links, &docs, v.ids[center], depth, dangling, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func edges(res answer.GraphResult) []string {
	var out []string
	for _, e := range res.Edges {
		to := e.TargetPath
		if to == "" {
			to = e.Target
		}
		out = append(out, strings.TrimSuffix(e.SourcePath, ".md")+" -"+string(e.Type)+"-> "+strings.TrimSuffix(to, ".md"))
	}
	slices.Sort(out)
	return out
}

func nodes(res answer.GraphResult) []string {
	var out []string
	for _, n := range res.Nodes {
		if n.Dangling {
			out = append(out, n.ID)
		} else {
			out = append(out, strings.TrimSuffix(n.Filepath, ".md"))
		}
	}
	return out
}

// The whole graph: every document, one edge per link type between two
// documents, dangling targets only when asked, once each.
func TestAroundWhole(t *testing.T) {
	v := newView(t)
	res := v.around(t, "", 0, false)
	if got := nodes(res); !slices.Equal(got, []string{"a", "b", "c", "d", "e"}) {
		t.Errorf("nodes %v", got)
	}
	want := []string{"a -depends_on-> b", "a -references-> b", "b -references-> c", "d -references-> a"}
	if got := edges(res); !slices.Equal(got, want) {
		t.Errorf("edges %v, want %v", got, want)
	}
	withDangling := v.around(t, "", 0, true)
	got := strings.Join(nodes(withDangling), " ")
	if got != "a b c d e dangling:missing dangling:nowhere" {
		t.Errorf("nodes with dangling targets: %s", got)
	}
	if n := len(edges(withDangling)); n != len(want)+3 {
		t.Errorf("edges with dangling targets: %v", edges(withDangling))
	}
}

// Around a centre: the centre first, then the documents within depth
// links in either direction, and only the edges among them.
func TestAroundCentre(t *testing.T) {
	v := newView(t)
	res := v.around(t, "b.md", 1, false)
	if got := nodes(res); !slices.Equal(got, []string{"b", "a", "c"}) {
		t.Errorf("nodes %v, want the centre first", got)
	}
	if got := edges(res); len(got) != 3 {
		t.Errorf("edges %v", got)
	}
	if got := nodes(v.around(t, "b.md", 2, false)); !slices.Equal(got, []string{"b", "a", "c", "d"}) {
		t.Errorf("depth 2: %v", got)
	}
}

// Pages of every size cover the whole graph: each document once, each
// edge once (with the page of its source), with the total and the next
// offset.
func TestPagesCoverTheWhole(t *testing.T) {
	v := newView(t)
	ctx := context.Background()
	for _, dangling := range []bool{false, true} {
		whole := v.around(t, "", 0, dangling)
		for limit := 1; limit <= 6; limit++ {
			var gotNodes, gotEdges []string
			offset := 0
			for {
				res, err := Page(ctx, v.rdb, v.g, v.meta, limit, offset, dangling, nil)
				if err != nil {
					t.Fatal(err)
				}
				if res.Total != 5 || len(DocumentNodes(res)) > limit {
					t.Fatalf("limit %d offset %d: total %d, %d documents", limit, offset, res.Total, len(DocumentNodes(res)))
				}
				gotNodes = append(gotNodes, nodes(documentsOf(res))...)
				gotEdges = append(gotEdges, edges(res)...)
				if res.NextOffset == 0 {
					break
				}
				offset = res.NextOffset
			}
			wantEdges := edges(whole)
			slices.Sort(gotEdges)
			if !slices.Equal(gotNodes, nodes(documentsOf(whole))) || !slices.Equal(gotEdges, wantEdges) {
				t.Errorf("dangling %v, limit %d: nodes %v edges %v, want %v %v", dangling, limit, gotNodes, gotEdges, nodes(whole), wantEdges)
			}
		}
	}
}

// documentsOf is res without its dangling nodes.
func documentsOf(res answer.GraphResult) answer.GraphResult {
	return answer.GraphResult{Nodes: DocumentNodes(res)}
}

func TestCheckPage(t *testing.T) {
	for _, o := range []answer.GraphOptions{{Limit: -1}, {Limit: 0, Offset: 1}, {Limit: 2, Offset: -1}} {
		if CheckPage(o) == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := CheckPage(answer.GraphOptions{Limit: 2, Offset: 4}); err != nil {
		t.Error(err)
	}
	// Around a centre: a limit keeps the nearest; an offset has no use.
	for _, o := range []answer.GraphOptions{{Center: "a", Offset: 1}, {Center: "a", Limit: -1}} {
		if CheckAround(o) == nil {
			t.Errorf("around %+v accepted", o)
		}
	}
	if err := CheckAround(answer.GraphOptions{Center: "a", Limit: 2}); err != nil {
		t.Error(err)
	}
}

// Around reads only the neighbourhood's links, yet answers as a cut of the
// whole graph does: for every centre and depth, the documents within
// depth hops in the whole graph, every edge among them (those between
// two of the farthest too) and their dangling targets.
func TestAroundIsTheWholeGraphCut(t *testing.T) {
	v := newView(t)
	whole := v.around(t, "", 0, true)
	for path, id := range v.ids {
		for depth := 1; depth <= 3; depth++ {
			in := map[string]bool{v.meta[id].DocID: true}
			for _, h := range v.g.BFS([]int64{id}, depth, nil) {
				in[v.meta[h.ID].DocID] = true
			}
			var wantNodes, wantEdges []string
			for _, ed := range whole.Edges {
				if in[ed.Source] && (in[ed.Target] || strings.HasPrefix(ed.Target, danglingIDPrefix)) {
					wantEdges = append(wantEdges, ed.Source+" "+string(ed.Type)+" "+ed.Target)
					in[ed.Target] = true
				}
			}
			for _, n := range whole.Nodes {
				if in[n.ID] {
					wantNodes = append(wantNodes, n.ID)
				}
			}
			got := v.around(t, path, depth, true)
			var gotNodes, gotEdges []string
			for _, n := range got.Nodes {
				gotNodes = append(gotNodes, n.ID)
			}
			for _, ed := range got.Edges {
				gotEdges = append(gotEdges, ed.Source+" "+string(ed.Type)+" "+ed.Target)
			}
			slices.Sort(gotNodes)
			slices.Sort(wantNodes)
			slices.Sort(gotEdges)
			slices.Sort(wantEdges)
			if !slices.Equal(gotNodes, wantNodes) || !slices.Equal(gotEdges, wantEdges) {
				t.Errorf("%s depth %d: nodes %v edges %v, want %v %v", path, depth, gotNodes, gotEdges, wantNodes, wantEdges)
			}
		}
	}
}
