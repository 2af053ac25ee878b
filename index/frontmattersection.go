package index

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// frontmatterSection returns the section of the names a frontmatter gives
// its page in words no heading of the body holds: a title other than the
// page's H1 (and not already the heading of its section 0, see parse),
// aliases, tags. Its Content is those names alone, each on the line of the
// file that holds it (several on one line joined by ", "; lines between
// them empty), so a search finds the page by them, and by nothing else of
// the YAML (keys, doc_type, source_refs, other keys); StartLine and
// EndLine are the first and last of those lines. Its Heading and
// HeadingPath are the page's title, its Level 0 and Anchor "". The body
// does not hold it (see Document.BodySections). ok is false when no such
// section is needed.
func frontmatterSection(names []lineString, fm Frontmatter, title string, titleHeaded bool) (Section, bool) {
	if len(fm.Aliases) == 0 && len(fm.Tags) == 0 && (fm.Title == "" || titleHeaded) {
		return Section{}, false
	}
	first, last := 0, 0
	for i, n := range names {
		if i == 0 || n.line < first {
			first = n.line
		}
		last = max(last, n.line)
	}
	if len(names) == 0 {
		return Section{}, false
	}
	lines := make([]string, last-first+1)
	for _, n := range names {
		at := &lines[n.line-first]
		if *at != "" {
			*at += ", "
		}
		*at += strings.Join(strings.Fields(n.value), " ")
	}
	content := strings.Join(lines, "\n")
	return Section{
		Heading:     title,
		HeadingPath: title,
		Content:     content,
		StartLine:   first,
		EndLine:     last,
		Tokens:      EstimateTokens(content),
	}, true
}

// sameTitle reports whether two titles read the same, ignoring case, width
// and surrounding space ("Getting started" and "Getting Started", "ＡＰＩ設計"
// and "API設計").
func sameTitle(a, b string) bool {
	f := cases.Fold()
	fold := func(s string) string { return f.String(norm.NFKC.String(strings.TrimSpace(s))) }
	return fold(a) == fold(b)
}
