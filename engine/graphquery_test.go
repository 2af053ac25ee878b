package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
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

func TestGraphRenderDOTAndMermaidEscape(t *testing.T) {
	g := GraphResult{
		Nodes: []GraphNode{
			{ID: "a", Filepath: "a.md", Title: `Say "hi" \ bye` + "\nnext"},
			{ID: "dangling:x|y", Title: `<b>&#x`, Dangling: true},
		},
		Edges: []GraphEdge{{Source: "a", Target: "dangling:x|y", Type: "references"}},
	}
	var dot bytes.Buffer
	if err := RenderDOT(&dot, g); err != nil {
		t.Fatal(err)
	}
	wantDOT := `digraph ubp {
  node [shape=box];
  "a" [label="Say \"hi\" \\ bye\nnext\na.md"];
  "dangling:x|y" [label="<b>&#x", style=dashed];
  "a" -> "dangling:x|y" [label="references"];
}
`
	if dot.String() != wantDOT {
		t.Errorf("DOT:\n%s\nwant:\n%s", dot.String(), wantDOT)
	}
	var mm bytes.Buffer
	if err := RenderMermaid(&mm, g); err != nil {
		t.Fatal(err)
	}
	wantMM := `flowchart LR
  n0["Say #quot;hi#quot; \ bye<br/>next"]
  n1(["#lt;b#gt;#amp;#35;x"])
  n0 -->|references| n1
`
	if mm.String() != wantMM {
		t.Errorf("Mermaid:\n%s\nwant:\n%s", mm.String(), wantMM)
	}
}
