package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
)

// fencedPage is prose, then a diagram in a code block with blank lines in
// it, then more prose.
func fencedPage() string {
	var b strings.Builder
	b.WriteString("# Fenced\n\n")
	for range 20 {
		b.WriteString("A line of prose before the diagram, long enough to weigh a little.\n")
	}
	b.WriteString("\n```text\n")
	for i := range 60 {
		if i%10 == 9 {
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "| box %02d | ---> | box %02d | ---> | box %02d |\n", i, i+1, i+2)
	}
	b.WriteString("```\n\nAfter the diagram.\n")
	return b.String()
}

// TestGetContextCutsBeforeACodeBlock: a budget that ends inside a code
// block cuts the centre before the block when that keeps at least half of
// what fits, not inside it, where the content would end with the fence
// open.
func TestGetContextCutsBeforeACodeBlock(t *testing.T) {
	body := fencedPage()
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
