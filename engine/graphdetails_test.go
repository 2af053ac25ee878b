package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
)

// TestGraphNodeDetails checks what the HTML graph view shows per node:
// tags and aliases as written, backlinks counted once per linking
// document (self-links not counted), staleness with the refs that changed
// and why, and no detail for dangling targets.
func TestGraphNodeDetails(t *testing.T) {
	e := searchProject(t, map[string]string{
		"a.md": "---\ntitle: Alpha\ntags: [One, two]\naliases: [First Letter]\nsource_refs:\n  - src/a.go\n  - src/b.go\n---\n# Alpha\n\n[[Beta]] [[Beta|depends_on]] [[Alpha]] [[Nowhere]]\n",
		"b.md": "---\ntitle: Beta\n---\n# Beta\n\n[[Alpha]]\n",
		"c.md": "---\ntitle: Gamma\n---\n# Gamma\n\n[[Beta]]\n",
	}, "none")
	ctx := context.Background()
	// a.md's refs do not exist: not found, stale.
	g, err := e.GetGraph(ctx, GraphOptions{Dangling: true})
	if err != nil {
		t.Fatal(err)
	}
	det, err := e.GraphNodeDetails(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]GraphNodeDetail{}
	for _, n := range g.Nodes {
		d, ok := det[n.ID]
		if n.Dangling {
			if ok {
				t.Errorf("dangling node %s has details", n.ID)
			}
			continue
		}
		if !ok {
			t.Fatalf("no details for %s", n.Filepath)
		}
		byPath[n.Filepath] = d
	}
	for _, tc := range []struct {
		path      string
		level     stale.Level
		changed   []string
		tags      []string
		aliases   []string
		backlinks int
	}{
		{"a.md", stale.Stale, []string{"src/a.go", "src/b.go"}, []string{"One", "two"}, []string{"First Letter"}, 1},
		{"b.md", stale.Untracked, nil, []string{}, []string{}, 2},
		{"c.md", stale.Untracked, nil, []string{}, []string{}, 0},
	} {
		t.Run(tc.path, func(t *testing.T) {
			d := byPath[tc.path]
			if d.Staleness != tc.level {
				t.Errorf("staleness %s, want %s", d.Staleness, tc.level)
			}
			var changed []string
			for _, r := range d.StaleRefs {
				if !r.Changed || r.Reason == "" {
					t.Errorf("ref %s listed as stale without a reason: %+v", r.Ref, r)
				}
				changed = append(changed, r.Ref)
			}
			if !slices.Equal(changed, tc.changed) {
				t.Errorf("changed refs %v, want %v", changed, tc.changed)
			}
			if !slices.Equal(d.Tags, tc.tags) || !slices.Equal(d.Aliases, tc.aliases) {
				t.Errorf("tags %v aliases %v, want %v %v", d.Tags, d.Aliases, tc.tags, tc.aliases)
			}
			if d.Backlinks != tc.backlinks {
				t.Errorf("%d backlinks, want %d", d.Backlinks, tc.backlinks)
			}
		})
	}

	empty, err := e.GraphNodeDetails(ctx, GraphResult{})
	if err != nil || len(empty) != 0 {
		t.Errorf("details of an empty graph: %v, %v", empty, err)
	}
}
