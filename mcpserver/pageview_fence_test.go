package mcpserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestViewPageCutsBeforeACodeBlock: a window that max_size ends inside a
// code block is cut before the block when that keeps at least half of the
// lines' bytes, so content does not end with the fence open.
func TestViewPageCutsBeforeACodeBlock(t *testing.T) {
	p := engine.Page{Filepath: "fenced.md", Title: "Fenced", Content: fixture.FencedPage()}
	fence := strings.Count(p.Content[:strings.Index(p.Content, "```text")], "\n") + 1
	for _, w := range []pageWindow{{MaxSize: 2000}, {MaxSize: 2300}, {StartLine: 3, MaxSize: 2000}} {
		t.Run(fmt.Sprintf("%d-%d", w.StartLine, w.MaxSize), func(t *testing.T) {
			out, err := viewPage(p, w)
			if err != nil {
				t.Fatal(err)
			}
			if line, open := engine.OpenFence(out.Content); open || !out.Truncated || out.NextStartLine != fence {
				t.Errorf("cut before line %d (truncated %v), fence of line %d open: %v; want before line %d", out.NextStartLine, out.Truncated, line, open, fence)
			}
		})
	}
	// A window starting inside the block: its closing fence opens none.
	out, err := viewPage(p, pageWindow{StartLine: fence + 30, MaxSize: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if out.Truncated && out.NextStartLine <= fence+30 {
		t.Errorf("window from line %d cut before line %d", fence+30, out.NextStartLine)
	}
}
