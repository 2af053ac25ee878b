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
func frontmatterSection(names []lineString, title string, titleHeaded bool) (Section, bool) {
	// Needed for an alias or a tag, or for a title no heading holds.
	needed := false
	for _, n := range names {
		needed = needed || n.key != "title" || !titleHeaded
	}
	if !needed {
		return Section{}, false
	}
	first, last := names[0].line, names[0].line
	for _, n := range names[1:] {
		first, last = min(first, n.line), max(last, n.line)
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
