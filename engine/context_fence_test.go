package engine

import (
	"context"
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
