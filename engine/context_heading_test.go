package engine

import (
	"context"
	"slices"
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

// TestGetContextSectionNeighboursFirst: centred on page#Heading, the
// neighbours reached through the section's own links (those written in
// it, those to it or one of its subsections, and the pages beyond them)
// come first with scope "section", each by the section's own link, then
// the rest of the page's with scope "page", each part nearest first; a
// whole page's neighbours have no scope.
func TestGetContextSectionNeighboursFirst(t *testing.T) {
	e := searchProject(t, map[string]string{
		"h.md": "# H\n\nintro, see [[intro-ref|depends_on]]\n\n## Setup\n\nsetup, see [[setup-ref]]\n\n" +
			"## Usage\n\nusage, see [[usage-ref]] and [[both|implements]]\n\n### Flags\n\nflags, see [[flag-ref]]\n\n## Later\n\nlater, see [[both]]\n",
		"intro-ref.md":  "# Intro ref\n\nplain\n",
		"setup-ref.md":  "# Setup ref\n\nplain\n",
		"usage-ref.md":  "# Usage ref\n\nsee [[beyond]]\n",
		"flag-ref.md":   "# Flag ref\n\nplain\n",
		"both.md":       "# Both\n\nplain\n",
		"beyond.md":     "# Beyond\n\nsee [[setup-ref]] and [[far]]\n",
		"far.md":        "# Far\n\nplain\n",
		"to-usage.md":   "# To usage\n\nsee [[h#Usage]]\n",
		"to-flags.md":   "# To flags\n\nsee [[h#flags]]\n",
		"to-setup.md":   "# To setup\n\nsee [[h#Setup]]\n",
		"to-page.md":    "# To page\n\nsee [[h]]\n",
		"setup-only.md": "# Setup only\n\nsee [[setup-ref]]\n",
	}, "none")
	ctx := context.Background()
	type row struct{ path, scope, dir, typ, via string }
	for _, tc := range []struct {
		ref   string
		depth int
		want  []row
	}{
		{ref: "h#Usage", depth: 2, want: []row{
			{"both.md", "section", "outlink", "implements", ""},
			{"flag-ref.md", "section", "outlink", "references", ""},
			{"to-flags.md", "section", "backlink", "references", ""},
			{"to-usage.md", "section", "backlink", "references", ""},
			{"usage-ref.md", "section", "outlink", "references", ""},
			{"beyond.md", "section", "outlink", "references", "usage-ref.md"},
			{"intro-ref.md", "page", "outlink", "depends_on", ""},
			{"setup-ref.md", "page", "outlink", "references", ""},
			{"to-page.md", "page", "backlink", "references", ""},
			{"to-setup.md", "page", "backlink", "references", ""},
			{"setup-only.md", "page", "backlink", "references", "setup-ref.md"},
		}},
		{ref: "h#Flags", depth: 1, want: []row{
			{"flag-ref.md", "section", "outlink", "references", ""},
			{"to-flags.md", "section", "backlink", "references", ""},
			{"both.md", "page", "outlink", "references", ""},
			{"intro-ref.md", "page", "outlink", "depends_on", ""},
			{"setup-ref.md", "page", "outlink", "references", ""},
			{"to-page.md", "page", "backlink", "references", ""},
			{"to-setup.md", "page", "backlink", "references", ""},
			{"to-usage.md", "page", "backlink", "references", ""},
			{"usage-ref.md", "page", "outlink", "references", ""},
		}},
		{ref: "h", depth: 1, want: []row{
			{"both.md", "", "outlink", "references", ""},
			{"flag-ref.md", "", "outlink", "references", ""},
			{"intro-ref.md", "", "outlink", "depends_on", ""},
			{"setup-ref.md", "", "outlink", "references", ""},
			{"to-flags.md", "", "backlink", "references", ""},
			{"to-page.md", "", "backlink", "references", ""},
			{"to-setup.md", "", "backlink", "references", ""},
			{"to-usage.md", "", "backlink", "references", ""},
			{"usage-ref.md", "", "outlink", "references", ""},
		}},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			res, err := e.GetContext(ctx, ContextOptions{Page: tc.ref, Depth: tc.depth})
			if err != nil {
				t.Fatal(err)
			}
			var got []row
			for _, n := range res.Related {
				got = append(got, row{n.Filepath, n.Scope, n.Direction, string(n.LinkType), n.Via})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("related:\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}
