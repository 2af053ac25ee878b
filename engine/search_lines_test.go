package engine

import (
	"strings"
	"testing"
)

// TestHitsPointAtTheMatch: a hit's line is the line of its snippet's first
// match and its heading the one that match is under, also where the
// section holds a short H2 merged into it or is a later part of a long
// section (whose first line is not a heading).
func TestHitsPointAtTheMatch(t *testing.T) {
	var long strings.Builder
	long.WriteString("---\ntitle: Arch\n---\n\n# Arch\n\n## Stack\n\nGo and SQLite serve the index.\n\n")
	// A short H2 merged into Stack (fewer tokens than a section needs).
	long.WriteString("## Errors\n\nThree tiers of zanzibar handling.\n\n")
	long.WriteString("## Scale\n\n")
	for i := 0; i < 40; i++ {
		long.WriteString("Filler paragraph about horizontal scaling of the stateless workers and their queues.\n\n")
	}
	long.WriteString("The quokka threshold is set here.\n")
	e := searchProject(t, map[string]string{"arch.md": long.String()}, "none")
	lines := strings.Split(long.String(), "\n")
	lineOf := func(s string) int {
		for i, l := range lines {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		t.Fatalf("no line holds %q", s)
		return 0
	}
	for _, c := range []struct{ query, text, heading string }{
		{"zanzibar", "Three tiers of zanzibar", "Errors"},
		{"quokka", "The quokka threshold", "Scale"},
	} {
		ft := mustFulltext(t, e, FulltextOptions{Query: c.query})
		if len(ft.Results) == 0 {
			t.Fatalf("fulltext %q: no result", c.query)
		}
		h := ft.Results[0]
		if h.Line != lineOf(c.text) || h.SectionHeading == nil || *h.SectionHeading != c.heading {
			heading := "<nil>"
			if h.SectionHeading != nil {
				heading = *h.SectionHeading
			}
			t.Errorf("fulltext %q: line %d under %q; want line %d under %q", c.query, h.Line, heading, lineOf(c.text), c.heading)
		}
		res := mustSearch(t, e, SearchOptions{Query: c.query})
		if len(res.Results) == 0 || len(res.Results[0].Sections) == 0 {
			t.Fatalf("search %q: no section", c.query)
		}
		s := res.Results[0].Sections[0]
		if s.Line != lineOf(c.text) || s.Heading != c.heading || s.Line < s.StartLine || s.Line > s.EndLine {
			t.Errorf("search %q: line %d (section %d-%d) under %q; want line %d under %q", c.query, s.Line, s.StartLine, s.EndLine, s.Heading, lineOf(c.text), c.heading)
		}
	}
}
