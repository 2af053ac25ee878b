package graphtext

import (
	"bytes"
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
