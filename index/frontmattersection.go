package index

import (
	"strings"

	"golang.org/x/text/cases"
)

// frontmatterSection returns the section that indexes the frontmatter
// block itself, when the frontmatter names the page in words no heading of
// the body holds: a title other than the page's H1 (and not already the
// heading of its section 0, see parse), aliases or tags. Its Content is the
// YAML between the fences as written (lines yamlLine…); its Heading and
// HeadingPath are the page's title, its Level 0 and Anchor "". The body
// does not hold it (see Document.BodySections). ok is false when no such
// section is needed or the block is blank.
func frontmatterSection(sp frontmatterSplit, fm Frontmatter, title string, titleHeaded bool) (Section, bool) {
	if !sp.present {
		return Section{}, false
	}
	names := len(fm.Aliases) > 0 || len(fm.Tags) > 0 || (fm.Title != "" && !titleHeaded)
	if !names {
		return Section{}, false
	}
	ls := newBodyLines(string(sp.yaml))
	first, last := 0, ls.count()-1
	for first <= last && ls.blank(first) {
		first++
	}
	for last >= first && ls.blank(last) {
		last--
	}
	if first > last {
		return Section{}, false
	}
	return Section{
		Heading:     title,
		HeadingPath: title,
		Content:     ls.join(first, last),
		StartLine:   sp.yamlLine + first,
		EndLine:     sp.yamlLine + last,
		Tokens:      ls.tokens(first, last),
	}, true
}

// sameTitle reports whether two titles read the same, ignoring case and
// surrounding space ("Getting started" and "Getting Started").
func sameTitle(a, b string) bool {
	f := cases.Fold()
	return f.String(strings.TrimSpace(a)) == f.String(strings.TrimSpace(b))
}
