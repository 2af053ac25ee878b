package mcpserver

import (
	"encoding/json"
	"fmt"
	"reflect"
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

// TestViewPageNamesTheCodeBlockItIsIn: a window that ends inside a code
// block (the cut kept inside it, or end_line there) names the block's
// opening fence and line in ends_in_code, and one that starts inside a
// block (reading on from next_start_line) names it in starts_in_code, so
// the code is not read as Markdown; the answer stays within max_size.
func TestViewPageNamesTheCodeBlockItIsIn(t *testing.T) {
	p := engine.Page{Filepath: "fenced.md", Title: "Fenced", Content: fixture.FencedPage()}
	fence := strings.Count(p.Content[:strings.Index(p.Content, "```text")], "\n") + 1
	type codeFence struct {
		Line  int    `json:"line"`
		Fence string `json:"fence"`
	}
	inCode := &codeFence{Line: fence, Fence: "```text"}
	for _, c := range []struct {
		name         string
		w            pageWindow
		starts, ends *codeFence
	}{
		{"cut-inside", pageWindow{MaxSize: 3300}, nil, inCode},
		{"end-line-inside", pageWindow{StartLine: 3, EndLine: fence + 5}, nil, inCode},
		{"from-inside", pageWindow{StartLine: fence + 20}, inCode, nil},
		{"from-inside-cut-inside", pageWindow{StartLine: fence + 5, MaxSize: 1500}, inCode, inCode},
		{"before", pageWindow{StartLine: 1, EndLine: fence - 1}, nil, nil},
		{"fence-line-first", pageWindow{StartLine: fence, EndLine: fence + 2}, nil, inCode},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := viewPage(p, c.w)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(out)
			if err != nil {
				t.Fatal(err)
			}
			var sent struct {
				Starts *codeFence `json:"starts_in_code"`
				Ends   *codeFence `json:"ends_in_code"`
			}
			if err := json.Unmarshal(b, &sent); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(sent.Starts, c.starts) || !reflect.DeepEqual(sent.Ends, c.ends) {
				t.Errorf("lines %d-%d: starts_in_code %+v, ends_in_code %+v; want %+v, %+v", out.StartLine, out.EndLine, sent.Starts, sent.Ends, c.starts, c.ends)
			}
			if limit := c.w.MaxSize; limit > 0 {
				if n, err := jsonSize(out); err != nil || n > limit {
					t.Errorf("%d bytes, max_size %d", n, limit)
				}
			}
			if c.name == "cut-inside" {
				// Reading on from where the cut left off starts in the block.
				next, err := viewPage(p, pageWindow{StartLine: out.NextStartLine, MaxSize: 3300})
				if err != nil {
					t.Fatal(err)
				}
				b, _ := json.Marshal(next)
				sent.Starts = nil
				_ = json.Unmarshal(b, &sent)
				if !reflect.DeepEqual(sent.Starts, inCode) {
					t.Errorf("next window from line %d: starts_in_code %+v, want %+v", out.NextStartLine, sent.Starts, inCode)
				}
			}
		})
	}
}
