package answer

import (
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// headingLine is a heading written at the top level of a page's body.
type headingLine struct {
	text, anchor, path string
	level              int
	line               int // of the file
}

// headings lists the top-level headings of the body (index.Headings: not
// those in code, comments, lists or quotes), with their lines of the file
// and heading paths: the H2 to H6 headings above each, as the sections'
// heading paths are written ("Usage > Options > Flags").
func (p Page) headings() []headingLine {
	first := p.BodyLine()
	var out []headingLine
	var stack []headingLine // open headings of levels 2 to 6
	for _, h := range index.Headings(p.Content) {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.Level {
			stack = stack[:len(stack)-1]
		}
		hl := headingLine{text: h.Text, anchor: h.Anchor, path: h.Text, level: h.Level, line: first + h.Line}
		if h.Level > 1 {
			if n := len(stack); n > 0 {
				hl.path = stack[n-1].path + " > " + h.Text
			}
			stack = append(stack, hl)
		}
		out = append(out, hl)
	}
	return out
}

// under is the lines of the file heading i of hs covers: from its line to
// the line before the next heading of the same or a higher level, or to
// the end of the body, less trailing blank lines. lines is p.bodyLines().
func (p Page) under(hs []headingLine, i int, lines []string) (from, to int) {
	from, to = hs[i].line, p.BodyLine()+len(lines)-1
	for _, next := range hs[i+1:] {
		if next.level <= hs[i].level {
			to = next.line - 1
			break
		}
	}
	return from, p.trimBlankEnd(from, to, lines)
}

// bodyLines is Content split into lines, without the empty one after a
// final newline: line n of the file is bodyLines()[n-BodyLine()].
func (p Page) bodyLines() []string {
	return strings.Split(strings.TrimSuffix(p.Content, "\n"), "\n")
}

// trimBlankEnd moves to back over blank lines, not before from.
func (p Page) trimBlankEnd(from, to int, lines []string) int {
	first := p.BodyLine()
	for to > from && strings.TrimSpace(lines[to-first]) == "" {
		to--
	}
	return to
}

// Outline is the page's parts as a reader sees them: the text before the
// first heading, if any ("intro", no heading), then every top-level
// heading of the body in order, each with the lines under it up to the
// next heading of the same or a higher level (so an H2's range holds its
// H3s). Unlike Sections, the units search indexes (cut at H2 and H3, long
// ones split into parts under one heading, short ones merged into the one
// before), it lists each heading once and every heading written. Content
// is left empty: the lines are the page's.
func (p Page) Outline() []PageSection {
	out := []PageSection{}
	hs := p.headings()
	lines := p.bodyLines()
	first := p.BodyLine()
	introEnd := first + len(lines) - 1
	if len(hs) > 0 {
		introEnd = hs[0].line - 1
	}
	for l := first; l <= introEnd; l++ {
		if strings.TrimSpace(lines[l-first]) != "" {
			out = append(out, PageSection{StartLine: l, EndLine: p.trimBlankEnd(l, introEnd, lines)})
			break
		}
	}
	for i, h := range hs {
		from, to := p.under(hs, i, lines)
		out = append(out, PageSection{Heading: h.text, HeadingPath: h.path, Anchor: h.anchor, StartLine: from, EndLine: to})
	}
	return out
}

// HeadingAbove is the text of the last heading written in a section's
// content (Markdown, as stored) at or before its line `line` (0-based),
// as index.Headings finds headings: the heading a match on that line is
// under when the section holds more than its own (a short H2 merged into
// it, an H4). It reports false when there is none after the section's
// first line, where its own heading is.
func HeadingAbove(content string, line int) (string, bool) {
	if line < 1 || !mayHoldHeading(content, line) {
		return "", false
	}
	var text string
	found := false
	for _, h := range index.Headings(content) {
		if h.Line > line {
			break
		}
		if h.Line > 0 {
			text, found = h.Text, true
		}
	}
	return text, found
}

// mayHoldHeading reports whether lines 1..line of content have a line an
// ATX heading or a setext underline could be: most sections have none,
// and need no parse.
func mayHoldHeading(content string, line int) bool {
	for i, l := range strings.Split(content, "\n") {
		if i > line {
			break
		}
		t := strings.TrimSpace(l)
		if i > 0 && t != "" && (t[0] == '#' || strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "") {
			return true
		}
	}
	return false
}
