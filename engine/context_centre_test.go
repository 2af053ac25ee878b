package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// longCentreFiles is a page of 60 sections (about 90 KB) with frontmatter,
// linking to three pages, one of which links back.
func longCentreFiles() map[string]string {
	var b strings.Builder
	b.WriteString("---\ntitle: Long Centre\n---\n# Long Centre\n\nSee [[near-a]], [[near-b]] and [[near-c]].\n")
	for i := range 60 {
		fmt.Fprintf(&b, "\n## Part %d\n\n", i)
		for range 12 {
			b.WriteString("A line of prose in a long design document, long enough to weigh something.\n")
		}
	}
	files := map[string]string{"centre.md": b.String()}
	for _, n := range []string{"near-a", "near-b", "near-c"} {
		files[n+".md"] = fmt.Sprintf("# %s\n\nA neighbour of [[centre]]. %s\n", n, strings.Repeat("Its words. ", 30))
	}
	return files
}

// TestGetContextKeepsNeighboursBesideALongCentre: a centre larger than the
// budget leaves its neighbours their share (their summaries are short),
// and it is cut at a line boundary, before a heading when one is near,
// saying which lines it holds and where to read on; content and the lines
// from next_start_line give the page back whole.
func TestGetContextKeepsNeighboursBesideALongCentre(t *testing.T) {
	e := searchProject(t, longCentreFiles(), "none")
	ctx := context.Background()
	page, err := e.GetPage(ctx, "centre.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{DefaultContextSize, 20000, 8000, 3000, MinContextSize} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			res, err := e.GetContext(ctx, ContextOptions{Page: "centre.md", MaxSize: size})
			if err != nil {
				t.Fatal(err)
			}
			if res.TotalSize > size || res.TotalSize != compactJSON(t, res) {
				t.Fatalf("total_size %d (JSON %d), max %d", res.TotalSize, compactJSON(t, res), size)
			}
			c := res.Center
			// Half of 3,000 bytes holds two of the three summaries.
			if want := map[bool]int{true: 3, false: 2}[size >= 8000]; size >= 3000 && (len(res.Related) != want || res.TruncatedCount != 3-want) {
				t.Errorf("%d related, %d left out; want %d beside the cut centre", len(res.Related), res.TruncatedCount, want)
			}
			if !c.Truncated || c.NextStartLine == 0 {
				t.Fatalf("centre not cut: truncated %v, next_start_line %d", c.Truncated, c.NextStartLine)
			}
			if c.StartLine != page.BodyLine() || c.TotalLines != page.LastLine() {
				t.Errorf("lines %d-%d of %d; want from %d of %d", c.StartLine, c.EndLine, c.TotalLines, page.BodyLine(), page.LastLine())
			}
			if !strings.HasPrefix(page.Content, c.Content) || !strings.HasSuffix(c.Content, "\n") || c.NextStartColumn != 0 {
				t.Fatalf("content is not whole lines of the page (next column %d): ...%q", c.NextStartColumn, c.Content[max(0, len(c.Content)-60):])
			}
			if got := c.StartLine + strings.Count(c.Content, "\n") - 1; c.EndLine != got || c.NextStartLine != c.EndLine+1 {
				t.Errorf("end_line %d, next_start_line %d; content ends at line %d", c.EndLine, c.NextStartLine, got)
			}
			if rest := page.Lines(c.NextStartLine, c.TotalLines) + "\n"; c.Content+rest != page.Content {
				t.Errorf("content and lines %d-%d are not the page", c.NextStartLine, c.TotalLines)
			}
			if size >= 3000 && !strings.HasPrefix(page.Lines(c.NextStartLine, c.NextStartLine), "## Part") {
				t.Errorf("cut before line %q, want before a heading", page.Lines(c.NextStartLine, c.NextStartLine))
			}
			if size == DefaultContextSize && len(c.Content) < size/3 {
				t.Errorf("centre kept %d bytes of %d", len(c.Content), size)
			}
		})
	}
}

// TestGetContextCutsALongLineAtACharacter: a first line longer than the
// budget is sent in part, next_start_column saying where to read on.
func TestGetContextCutsALongLineAtACharacter(t *testing.T) {
	line := strings.Repeat("長い行の文章。", 1000) // 7,000 characters, 21 KB
	e := searchProject(t, map[string]string{"one.md": line + "\n\nAfter.\n"}, "none")
	res, err := e.GetContext(context.Background(), ContextOptions{Page: "one.md", MaxSize: 2000})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Center
	if res.TotalSize > 2000 || res.TotalSize != compactJSON(t, res) {
		t.Fatalf("total_size %d (JSON %d)", res.TotalSize, compactJSON(t, res))
	}
	n := utf8.RuneCountInString(c.Content)
	if !c.Truncated || c.Content == "" || !strings.HasPrefix(line, c.Content) || c.StartLine != 1 || c.EndLine != 1 ||
		c.NextStartLine != 1 || c.NextStartColumn != n+1 {
		t.Errorf("lines %d-%d, next %d:%d, %d characters, truncated %v", c.StartLine, c.EndLine, c.NextStartLine, c.NextStartColumn, n, c.Truncated)
	}
}

// TestGetContextStartsALongLineAfterShortOnes: short lines then a line
// longer than the budget: the answer sends the short lines and the start
// of the long one (next_start_column says where to read on), using the
// budget, instead of stopping before the long line; lines the budget could
// hold whole are still cut at a line boundary.
func TestGetContextStartsALongLineAfterShortOnes(t *testing.T) {
	long := strings.Repeat("A long line of generated text. ", 600) // 18,600 bytes
	body := "# Short\n\nOne.\nTwo.\n\n" + long + "\n\nAfter.\n"
	e := searchProject(t, map[string]string{"short.md": body}, "none")
	ctx := context.Background()
	page, err := e.GetPage(ctx, "short.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{1000, 2000, 5000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			res, err := e.GetContext(ctx, ContextOptions{Page: "short.md", MaxSize: size})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Center
			if res.TotalSize > size || res.TotalSize != compactJSON(t, res) {
				t.Fatalf("total_size %d (JSON %d), max %d", res.TotalSize, compactJSON(t, res), size)
			}
			if res.TotalSize < size-50 {
				t.Errorf("sent %d of %d bytes", res.TotalSize, size)
			}
			const longLine = 6
			n := utf8.RuneCountInString(c.Content[strings.LastIndexByte(c.Content, '\n')+1:])
			if !c.Truncated || c.EndLine != longLine || c.NextStartLine != longLine || c.NextStartColumn != n+1 {
				t.Fatalf("lines %d-%d, next %d:%d, last line's %d characters sent", c.StartLine, c.EndLine, c.NextStartLine, c.NextStartColumn, n)
			}
			rest, err := FromColumn(page.Lines(c.NextStartLine, c.TotalLines), c.NextStartLine, c.NextStartColumn)
			if err != nil {
				t.Fatal(err)
			}
			if c.Content+rest+"\n" != page.Content {
				t.Errorf("content and the rest from %d:%d are not the page", c.NextStartLine, c.NextStartColumn)
			}
		})
	}
}
