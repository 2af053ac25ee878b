package graphtext

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

func TestDOTAndMermaidEscape(t *testing.T) {
	g := engine.GraphResult{
		Nodes: []engine.GraphNode{
			{ID: "a", Filepath: "a.md", Title: `Say "hi" \ bye` + "\nnext"},
			{ID: "dangling:x|y", Title: `<b>&#x`, Dangling: true},
		},
		Edges: []engine.GraphEdge{{Source: "a", Target: "dangling:x|y", Type: "references"}},
	}
	var dot bytes.Buffer
	if err := DOT(&dot, g); err != nil {
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
	if err := Mermaid(&mm, g); err != nil {
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

// TestPageOfTheWholeGraph: a page of the whole graph keeps, in Mermaid as
// in DOT, the edges that start at its documents and end on another page
// (Mermaid dropped them), and both say where the next page starts.
func TestPageOfTheWholeGraph(t *testing.T) {
	g := engine.GraphResult{
		Nodes:      []engine.GraphNode{{ID: "a1", Title: "ADR 1", Filepath: "adrs/1.md"}},
		Edges:      []engine.GraphEdge{{Source: "a1", Target: "b2", Type: "references"}, {Source: "a1", Target: "c3", Type: "depends_on"}},
		Total:      3,
		NextOffset: 1,
	}
	mm, dot := renderBoth(t, g)
	if n := strings.Count(mm.String(), "-->"); n != 2 {
		t.Errorf("Mermaid has %d edges, want 2:\n%s", n, mm.String())
	}
	if !strings.Contains(mm.String(), `n1["b2"]`) || !strings.Contains(mm.String(), "%% one page of 3 documents: the next starts at --offset 1") {
		t.Errorf("Mermaid page:\n%s", mm.String())
	}
	if !strings.Contains(dot.String(), "// one page of 3 documents: the next starts at --offset 1") {
		t.Errorf("DOT page:\n%s", dot.String())
	}
}

// TestPagePastTheLast: a page of the whole graph asked past the last
// document says so in DOT and Mermaid, as JSON's total shows it; both
// were an empty graph without a word.
func TestPagePastTheLast(t *testing.T) {
	g := engine.GraphResult{Nodes: []engine.GraphNode{}, Edges: []engine.GraphEdge{}, Total: 16}
	mm, dot := renderBoth(t, g)
	const note = "no documents on this page: --offset is past the last of 16 documents"
	if !strings.Contains(mm.String(), "%% "+note+"\n") {
		t.Errorf("Mermaid:\n%s\nwant the note %q", mm.String(), note)
	}
	if !strings.Contains(dot.String(), "// "+note+"\n") {
		t.Errorf("DOT:\n%s\nwant the note %q", dot.String(), note)
	}
}

// TestOffPageNodesNamedByPath: on a page of the whole graph, a document an
// edge reaches on another page is drawn with its file path, in Mermaid and
// DOT alike, not with its document id ("2254eb36c95d"), which names
// nothing a reader knows; with no path to give it keeps the id.
func TestOffPageNodesNamedByPath(t *testing.T) {
	g := engine.GraphResult{
		Nodes: []engine.GraphNode{{ID: "a1", Title: "ADR 1", Filepath: "adrs/1.md"}},
		Edges: []engine.GraphEdge{
			{Source: "a1", Target: "b2", Type: "references", SourcePath: "adrs/1.md", TargetPath: "designs/b.md"},
			{Source: "a1", Target: "b2", Type: "depends_on", SourcePath: "adrs/1.md", TargetPath: "designs/b.md"},
			{Source: "a1", Target: "c3", Type: "extends", SourcePath: "adrs/1.md"},
		},
		Total:      3,
		NextOffset: 1,
	}
	mm, dot := renderBoth(t, g)
	wantMM := `flowchart LR
  n0["ADR 1"]
  n1["designs/b.md"]
  n0 -->|references| n1
  n0 -->|depends_on| n1
  n2["c3"]
  n0 -->|extends| n2
  %% one page of 3 documents: the next starts at --offset 1
`
	if mm.String() != wantMM {
		t.Errorf("Mermaid:\n%s\nwant:\n%s", mm.String(), wantMM)
	}
	wantDOT := `digraph ubp {
  node [shape=box];
  "a1" [label="ADR 1\nadrs/1.md"];
  "b2" [label="designs/b.md"];
  "a1" -> "b2" [label="references"];
  "a1" -> "b2" [label="depends_on"];
  "a1" -> "c3" [label="extends"];
  // one page of 3 documents: the next starts at --offset 1
}
`
	if dot.String() != wantDOT {
		t.Errorf("DOT:\n%s\nwant:\n%s", dot.String(), wantDOT)
	}
}

// renderBoth renders g in Mermaid and in DOT.
func renderBoth(t *testing.T, g engine.GraphResult) (mermaid, dot *strings.Builder) {
	t.Helper()
	mermaid, dot = &strings.Builder{}, &strings.Builder{}
	if err := Mermaid(mermaid, g); err != nil {
		t.Fatal(err)
	}
	if err := DOT(dot, g); err != nil {
		t.Fatal(err)
	}
	return mermaid, dot
}
