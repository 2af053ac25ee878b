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

// TestHitsUnderASubheadingOpeningAPart: a long section is cut before its
// sub-headings (#### and deeper), so a later part can open with one; a
// match in such a part, on the sub-heading's line or in its text, is under
// that sub-heading, not the section's own heading (the part's first line
// was taken for the section's heading line).
func TestHitsUnderASubheadingOpeningAPart(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("# Guide\n\n## Setup\n\n")
	// 32 paragraphs fill a part: the cut falls before the H4 and its text.
	for i := 0; i < 32; i++ {
		doc.WriteString("Filler paragraph about horizontal scaling of the stateless workers and their queues.\n\n")
	}
	doc.WriteString("#### Numbat rules\n\nThe quagga limit is set here.\n")
	e := searchProject(t, map[string]string{"guide.md": doc.String()}, "none")
	lines := strings.Split(doc.String(), "\n")
	h4 := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "#### ") {
			h4 = i + 1
		}
	}
	for _, c := range []struct{ query string }{{"quagga"}, {"numbat"}} {
		res := mustSearch(t, e, SearchOptions{Query: c.query})
		if len(res.Results) == 0 || len(res.Results[0].Sections) == 0 {
			t.Fatalf("search %q: no section", c.query)
		}
		s := res.Results[0].Sections[0]
		if s.StartLine != h4 {
			t.Fatalf("search %q: the part starts at line %d, not at the sub-heading's line %d: the test does not test a part opened by it", c.query, s.StartLine, h4)
		}
		if s.Heading != "Numbat rules" {
			t.Errorf("search %q: line %d (part %d-%d) under %q; want under %q", c.query, s.Line, s.StartLine, s.EndLine, s.Heading, "Numbat rules")
		}
		ft := mustFulltext(t, e, FulltextOptions{Query: c.query})
		if len(ft.Results) == 0 {
			t.Fatalf("fulltext %q: no result", c.query)
		}
		if h := ft.Results[0].SectionHeading; h == nil || *h != "Numbat rules" {
			got := "<nil>"
			if h != nil {
				got = *h
			}
			t.Errorf("fulltext %q: line %d under %q; want under %q", c.query, ft.Results[0].Line, got, "Numbat rules")
		}
	}
}

// TestHitsUnderASubheadingOfAnEarlierPart: text under a sub-heading runs on
// into the later parts of a long section; a match there is under that
// sub-heading, found in the parts before it, and no further back than the
// section's own first part (a same-named section before it has its own
// sub-headings).
func TestHitsUnderASubheadingOfAnEarlierPart(t *testing.T) {
	filler := func(b *strings.Builder, n int) {
		for i := 0; i < n; i++ {
			b.WriteString("Filler paragraph about horizontal scaling of the stateless workers and their queues.\n\n")
		}
	}
	var doc strings.Builder
	doc.WriteString("# Guide\n\n## Setup\n\n#### Numbat rules\n\n")
	filler(&doc, 40)
	doc.WriteString("The quagga limit is set here.\n\n## Other\n\n#### Wombat notes\n\n")
	filler(&doc, 5)
	doc.WriteString("## Other\n\n")
	filler(&doc, 40)
	doc.WriteString("The dingo value is set here.\n")
	e := searchProject(t, map[string]string{"guide.md": doc.String()}, "none")
	for _, c := range []struct{ query, heading string }{{"quagga", "Numbat rules"}, {"dingo", "Other"}} {
		res := mustSearch(t, e, SearchOptions{Query: c.query})
		if len(res.Results) == 0 || len(res.Results[0].Sections) == 0 {
			t.Fatalf("search %q: no section", c.query)
		}
		s := res.Results[0].Sections[0]
		own := 0 // the line of the section's own heading
		for i, l := range strings.Split(doc.String(), "\n")[:s.Line] {
			if strings.HasPrefix(l, "## ") {
				own = i + 1
			}
		}
		if s.StartLine == own {
			t.Fatalf("search %q: the match is in the section's first part (lines %d-%d): the test does not test a later one", c.query, s.StartLine, s.EndLine)
		}
		if s.Heading != c.heading {
			t.Errorf("search %q: line %d (part %d-%d) under %q; want under %q", c.query, s.Line, s.StartLine, s.EndLine, s.Heading, c.heading)
		}
		ft := mustFulltext(t, e, FulltextOptions{Query: c.query})
		if len(ft.Results) == 0 {
			t.Fatalf("fulltext %q: no result", c.query)
		}
		if h := ft.Results[0].SectionHeading; h == nil || *h != c.heading {
			got := "<nil>"
			if h != nil {
				got = *h
			}
			t.Errorf("fulltext %q: line %d under %q; want under %q", c.query, ft.Results[0].Line, got, c.heading)
		}
	}
}
