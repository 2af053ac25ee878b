package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/graphview"
)

func edgeList(t *testing.T, g GraphResult) []string {
	t.Helper()
	path := map[string]string{}
	for _, n := range g.Nodes {
		path[n.ID] = n.Filepath
		if n.Dangling {
			path[n.ID] = n.ID
		}
	}
	var out []string
	for _, e := range g.Edges {
		out = append(out, path[e.Source]+" -"+string(e.Type)+"-> "+path[e.Target])
	}
	return out
}

func TestGetGraphWhole(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	g, err := e.GetGraph(context.Background(), GraphOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != len(searchDocs) {
		t.Errorf("%d nodes, want %d documents", len(g.Nodes), len(searchDocs))
	}
	got := strings.Join(edgeList(t, g), "\n")
	for _, want := range []string{
		"designs/search.md -depends_on-> designs/graph.md",
		"designs/search.md -references-> designs/storage.md",
		"designs/graph.md -implements-> designs/storage.md",
		"adr/0001-sqlite.md -depends_on-> designs/storage.md",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("edge %q missing from:\n%s", want, got)
		}
	}
	if strings.Contains(got, "dangling:") {
		t.Errorf("dangling targets shown without Dangling:\n%s", got)
	}
	withDangling, err := e.GetGraph(context.Background(), GraphOptions{Dangling: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(edgeList(t, withDangling), "\n"), "designs/search.md -references-> dangling:missing-page") {
		t.Errorf("dangling edge missing: %v", edgeList(t, withDangling))
	}
}

func TestGetGraphCentre(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	g, err := e.GetGraph(ctx, GraphOptions{Center: "designs/graph.md", Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	var nodes []string
	for _, n := range g.Nodes {
		nodes = append(nodes, n.Filepath)
	}
	want := "designs/graph.md designs/search.md designs/storage.md"
	if strings.Join(nodes, " ") != want {
		t.Errorf("nodes %v, want %s (centre first)", nodes, want)
	}
	if got := len(g.Edges); got != 3 { // search→graph, search→storage, graph→storage
		t.Errorf("edges %v", edgeList(t, g))
	}
	_, err = e.GetGraph(ctx, GraphOptions{Depth: 6})
	wantArgError(t, err, "depth")
}

// TestGetGraphPaged: the whole graph read page by page (nodes by file path,
// each edge with the page of its source) is the whole graph, every edge
// once, and edges name both ends by path as well as by id.
func TestGetGraphPaged(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	for _, dangling := range []bool{false, true} {
		t.Run(fmt.Sprint("dangling ", dangling), func(t *testing.T) {
			whole, err := e.GetGraph(ctx, GraphOptions{Dangling: dangling})
			if err != nil {
				t.Fatal(err)
			}
			var nodes []string
			var edges []string
			offset, pages := 0, 0
			for {
				g, err := e.GetGraph(ctx, GraphOptions{Limit: 2, Offset: offset, Dangling: dangling})
				if err != nil {
					t.Fatal(err)
				}
				pages++
				if docs := len(graphview.DocumentNodes(g)); docs > 2 {
					t.Fatalf("page of %d documents, limit 2", docs)
				}
				if g.Total != len(searchDocs) {
					t.Errorf("total %d, want %d documents", g.Total, len(searchDocs))
				}
				for _, n := range graphview.DocumentNodes(g) {
					nodes = append(nodes, n.Filepath)
				}
				for _, ed := range g.Edges {
					if ed.SourcePath == "" || (ed.TargetPath == "" && !strings.HasPrefix(ed.Target, "dangling:")) {
						t.Errorf("edge %+v does not name its ends by path", ed)
					}
					edges = append(edges, ed.Source+" "+ed.Target+" "+string(ed.Type))
				}
				if g.NextOffset == 0 {
					break
				}
				if g.NextOffset != offset+2 {
					t.Fatalf("next_offset %d after offset %d, want %d", g.NextOffset, offset, offset+2)
				}
				offset = g.NextOffset
			}
			if want := (len(searchDocs) + 1) / 2; pages != want {
				t.Errorf("%d pages, want %d", pages, want)
			}
			var wantNodes, wantEdges []string
			for _, n := range whole.Nodes {
				if !n.Dangling {
					wantNodes = append(wantNodes, n.Filepath)
				}
			}
			for _, ed := range whole.Edges {
				wantEdges = append(wantEdges, ed.Source+" "+ed.Target+" "+string(ed.Type))
			}
			slices.Sort(edges)
			slices.Sort(wantEdges)
			if !slices.Equal(nodes, wantNodes) {
				t.Errorf("dangling=%v: paged nodes %v, want %v", dangling, nodes, wantNodes)
			}
			if !slices.Equal(edges, wantEdges) {
				t.Errorf("dangling=%v: paged edges\n%v\nwant\n%v", dangling, edges, wantEdges)
			}
		})
	}
	if _, err := e.GetGraph(ctx, GraphOptions{Limit: -1}); err == nil {
		t.Error("negative limit accepted")
	}
	if _, err := e.GetGraph(ctx, GraphOptions{Center: "designs/search.md", Offset: 2}); err == nil || !strings.Contains(err.Error(), "offset") {
		t.Errorf("offset with a centre: %v, want an error naming offset", err)
	}
	if _, err := e.GetGraph(ctx, GraphOptions{Offset: 3}); err == nil || !strings.Contains(err.Error(), "invalid offset") {
		t.Errorf("offset without limit: %v, want an error naming offset", err)
	}
}

// TestGetGraphCenterLimit: with a centre, limit keeps the nearest
// documents (the centre, then by hops and path) with the edges among them,
// and says how many the neighbourhood held.
func TestGetGraphCenterLimit(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	all, err := e.GetGraph(ctx, GraphOptions{Center: "designs/search.md", Depth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(all.Nodes) < 3 || all.Truncated {
		t.Fatalf("neighbourhood %+v", all)
	}
	for limit := 1; limit < len(all.Nodes); limit++ {
		part, err := e.GetGraph(ctx, GraphOptions{Center: "designs/search.md", Depth: 2, Limit: limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(part.Nodes) != limit || !part.Truncated || part.Total != len(all.Nodes) || part.Nodes[0].Filepath != "designs/search.md" {
			t.Errorf("limit %d: %d nodes, truncated %v, total %d, first %s; want %d of %d, the centre first",
				limit, len(part.Nodes), part.Truncated, part.Total, part.Nodes[0].Filepath, limit, len(all.Nodes))
		}
		kept := map[string]bool{}
		for _, n := range part.Nodes {
			kept[n.ID] = true
		}
		for _, ed := range part.Edges {
			if !kept[ed.Source] || !kept[ed.Target] {
				t.Errorf("limit %d: edge %+v leaves the nodes kept", limit, ed)
			}
		}
	}
	same, err := e.GetGraph(ctx, GraphOptions{Center: "designs/search.md", Depth: 2, Limit: len(all.Nodes)})
	if err != nil || same.Truncated || len(same.Nodes) != len(all.Nodes) {
		t.Errorf("limit = the neighbourhood: %+v, %v", same, err)
	}
}
