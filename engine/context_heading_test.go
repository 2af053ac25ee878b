package engine

import (
	"context"
	"strings"
	"testing"
)

// TestGetContextCentresOnTheHeading: a page named as page#Heading centres
// the context on that section (its heading to the next heading of its
// level, the lines of the file it spans), as ubp_get_page reads it; a
// heading the page lacks gives the whole page with missing_heading set,
// as ubp_get_page reports it.
func TestGetContextCentresOnTheHeading(t *testing.T) {
	e := searchProject(t, longCentreFiles(), "none")
	ctx := context.Background()
	page, err := e.GetPage(ctx, "centre.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, ref        string
		section, missing string
	}{
		{name: "heading text", ref: "centre.md#Part 3", section: "Part 3"},
		{name: "anchor", ref: "centre#part-59", section: "Part 59"},
		{name: "title and heading", ref: "Long Centre#Part 10", section: "Part 10"},
		{name: "missing heading", ref: "centre.md#Part 99", missing: "Part 99"},
		{name: "no heading", ref: "centre.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := e.GetContext(ctx, ContextOptions{Page: tc.ref})
			if err != nil {
				t.Fatal(err)
			}
			c := res.Center
			if c.Section != tc.section || c.MissingHeading != tc.missing {
				t.Errorf("section %q, missing_heading %q; want %q, %q", c.Section, c.MissingHeading, tc.section, tc.missing)
			}
			from, to := page.BodyLine(), page.LastLine()
			if tc.section != "" {
				s, err := page.FindSection(tc.section)
				if err != nil {
					t.Fatal(err)
				}
				from, to = s.StartLine, s.EndLine
				if !strings.HasPrefix(c.Content, "## "+tc.section+"\n") {
					t.Errorf("content starts %q, want the heading ## %s", c.Content[:min(40, len(c.Content))], tc.section)
				}
			}
			// The whole page (90 KB) is cut to the default size; a section
			// fits.
			whole := tc.section == ""
			if c.Truncated != whole || c.StartLine != from || (!whole && c.EndLine != to) || c.TotalLines != page.LastLine() {
				t.Errorf("lines %d-%d of %d (truncated %v), want %d-%d of %d", c.StartLine, c.EndLine, c.TotalLines, c.Truncated, from, to, page.LastLine())
			}
			if want := page.Lines(from, to) + "\n"; c.Content != want && (!whole || !strings.HasPrefix(want, c.Content)) {
				t.Errorf("content is not lines %d-%d of the page: %q", from, to, c.Content[:min(80, len(c.Content))])
			}
			if len(res.Related) != 3 {
				t.Errorf("%d related, want the page's 3 neighbours", len(res.Related))
			}
		})
	}
}
