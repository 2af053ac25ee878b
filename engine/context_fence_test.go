package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestGetContextCutsBeforeACodeBlock: a budget that ends inside a code
// block cuts the centre before the block when that keeps at least half of
// what fits, not inside it, where the content would end with the fence
// open.
func TestGetContextCutsBeforeACodeBlock(t *testing.T) {
	body := fixture.FencedPage()
	e := searchProject(t, map[string]string{"fenced.md": body}, "none")
	fence := strings.Count(body[:strings.Index(body, "```text")], "\n") + 1
	for _, size := range []int{2600, 2800, 3000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			res, err := e.GetContext(context.Background(), ContextOptions{Page: "fenced.md", MaxSize: size})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Center
			if !c.Truncated || res.TotalSize > size {
				t.Fatalf("truncated %v, %d bytes", c.Truncated, res.TotalSize)
			}
			if line, open := answer.OpenFence(c.Content); open || c.NextStartLine != fence {
				t.Errorf("cut before line %d, fence of line %d open: %v; want before line %d", c.NextStartLine, line, open, fence)
			}
		})
	}
}

// TestGetContextCutInsideACodeBlockSaysSo: when the cut stays inside a
// code block (moving it before the fence would keep less than half of what
// fits), the centre names the block's opening fence and its line
// (center.ends_in_code in the JSON), within max_size, so a client reads
// the end of content, and the window ubp_get_page sends from
// next_start_line, as code.
func TestGetContextCutInsideACodeBlockSaysSo(t *testing.T) {
	body := fixture.FencedPage()
	e := searchProject(t, map[string]string{"fenced.md": body}, "none")
	fence := strings.Count(body[:strings.Index(body, "```text")], "\n") + 1
	for _, size := range []int{3200, 3500, 3800} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			res, err := e.GetContext(context.Background(), ContextOptions{Page: "fenced.md", MaxSize: size})
			if err != nil {
				t.Fatal(err)
			}
			if _, open := answer.OpenFence(res.Center.Content); !open || !res.Center.Truncated {
				t.Fatalf("truncated %v, content ends inside the block: %v; want a cut inside it", res.Center.Truncated, open)
			}
			var sent struct {
				Center struct {
					EndsInCode *struct {
						Line  int    `json:"line"`
						Fence string `json:"fence"`
					} `json:"ends_in_code"`
				} `json:"center"`
			}
			b, err := json.Marshal(res)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &sent); err != nil {
				t.Fatal(err)
			}
			if c := sent.Center.EndsInCode; c == nil || c.Line != fence || c.Fence != "```text" {
				t.Errorf("center.ends_in_code %+v; want line %d, fence ```text", c, fence)
			}
			if n, err := res.Size(); err != nil || n > size || n != res.TotalSize {
				t.Errorf("%d bytes (total_size %d), max_size %d", n, res.TotalSize, size)
			}
		})
	}
}
