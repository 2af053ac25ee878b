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

// bodyLines is a page's body split into lines, without the empty one after
// a final newline, and the line of the file it starts at: line n of the
// file is lines[n-first].
type bodyLines struct {
	first int
	lines []string
}

func (p Page) body() bodyLines {
	return bodyLines{first: p.BodyLine(), lines: strings.Split(strings.TrimSuffix(p.Content, "\n"), "\n")}
}

// last is the last line of the file in the body.
func (b bodyLines) last() int { return b.first + len(b.lines) - 1 }

// trimBlankEnd moves to back over blank lines, not before from.
func (b bodyLines) trimBlankEnd(from, to int) int {
	for to > from && strings.TrimSpace(b.lines[to-b.first]) == "" {
		to--
	}
	return to
}

// headingLines gives the top-level headings hs of the body (index.Headings:
// not those in code, comments, lists or quotes) their lines of the file,
// the body starting at line first, and heading paths: the H2 to H6
// headings above each, as the sections' heading paths are written ("Usage
// > Options > Flags").
func headingLines(hs []index.Heading, first int) []headingLine {
	var out []headingLine
	var stack []headingLine // open headings of levels 2 to 6
	for _, h := range hs {
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

// Outline is the page's parts as a reader sees them: the text before the
// first heading, if any ("intro", no heading), then every top-level
// heading of the body in order, each with the lines under it up to the
// next heading of the same or a higher level (so an H2's range holds its
// H3s), less trailing blank lines. Unlike Sections, the units search
// indexes (cut at H2 and H3, long ones split into parts under one heading,
// short ones merged into the one before), it lists each heading once and
// every heading written. Content is left empty: the lines are the page's
// (FindSectionIn fills it for the one asked for). The headings of a long
// body are parsed once and kept while it does not change (headingCache):
// reading a page window by window outlines it on every call.
func (p Page) Outline() []PageSection {
	return p.outlineFrom(headings.of(p.Content))
}

// outlineFrom is the outline of p, whose body has the headings hs.
func (p Page) outlineFrom(hs []index.Heading) []PageSection {
	out := []PageSection{}
	b := p.body()
	lines := headingLines(hs, b.first)
	introEnd := b.last()
	if len(lines) > 0 {
		introEnd = lines[0].line - 1
	}
	for l := b.first; l <= introEnd; l++ {
		if strings.TrimSpace(b.lines[l-b.first]) != "" {
			out = append(out, PageSection{StartLine: l, EndLine: b.trimBlankEnd(l, introEnd)})
			break
		}
	}
	for i, h := range lines {
		to := b.last()
		for _, next := range lines[i+1:] {
			if next.level <= h.level {
				to = next.line - 1
				break
			}
		}
		out = append(out, PageSection{Heading: h.text, HeadingPath: h.path, Anchor: h.anchor,
			StartLine: h.line, EndLine: b.trimBlankEnd(h.line, to)})
	}
	return out
}

// PartAbove is the part of a section's content (Markdown, as stored) that
// its line `line` (0-based) lies in when a heading written after the
// section's first line is above it, as index.Headings finds headings: a
// short H2 merged into the section, an H4. It gives that heading's text
// and the lines of content from it to the line before the next heading
// (of any level) or to the end. It reports false when the line is under
// the section's own heading. A heading on the first line is the section's
// own (an H2 or H3, or section 0's H1 title) unless it is deeper
// (headsPart): a long section is cut before its sub-headings, so a later
// part can open with an H4 that the text after it is under.
func PartAbove(content string, line int) (heading string, from, to int, ok bool) {
	if line < 0 || !mayHoldHeading(content, line) {
		return "", 0, 0, false
	}
	to = strings.Count(strings.TrimSuffix(content, "\n"), "\n")
	for _, h := range index.Headings(content) {
		if h.Line > line {
			if ok {
				to = h.Line - 1
			}
			break
		}
		if h.Line > 0 || headsPart(h) {
			heading, from, ok = h.Text, h.Line, true
		}
	}
	return heading, from, to, ok
}

// maxSectionLevel is the deepest heading that opens a section of its own
// (index cuts sections at H2 and H3): a deeper heading is always inside one.
const maxSectionLevel = 3

// headsPart reports whether a heading on a section's first line heads a
// part of it rather than being the section's own heading line: only a
// sub-heading (#### and deeper) that a cut put at the part's start.
func headsPart(h index.Heading) bool { return h.Line == 0 && h.Level > maxSectionLevel }

// mayHoldHeading reports whether lines 1..line of content have a line an
// ATX heading or a setext underline could be: most sections have none,
// and need no parse.
func mayHoldHeading(content string, line int) bool {
	for i, l := range strings.Split(content, "\n") {
		if i > line {
			break
		}
		t := strings.TrimSpace(l)
		if i == 0 && strings.HasPrefix(t, "####") {
			return true // a sub-heading opening a part (headsPart)
		}
		if i > 0 && t != "" && (t[0] == '#' || strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "") {
			return true
		}
	}
	return false
}

// OpensWithOwnHeading reports whether a section's content (as stored)
// begins with the section's own heading line (an H2 or H3, or section 0's
// H1 title): its first part. A later part of a long section begins with
// text, or with a sub-heading a cut put there (headsPart).
func OpensWithOwnHeading(content string) bool {
	hs := index.Headings(firstLines(content, 2)) // an ATX line or a setext pair
	return len(hs) > 0 && hs[0].Line == 0 && !headsPart(hs[0])
}

// LastHeading is the last heading of a section's content (as stored) that
// the text after the content is under: the text of a later part of the same
// section, when the content holds a sub-heading or a merged short section's
// heading (as PartAbove finds them).
func LastHeading(content string) (string, bool) {
	last := strings.Count(strings.TrimSuffix(content, "\n"), "\n")
	h, _, _, ok := PartAbove(content, last)
	return h, ok
}

// firstLines is the first n lines of s.
func firstLines(s string, n int) string {
	end := 0
	for i := 0; i < n; i++ {
		j := strings.IndexByte(s[end:], '\n')
		if j < 0 {
			return s
		}
		end += j + 1
	}
	return s[:end]
}

// PartUnder is the lines of a section's content (0-based) under the same
// heading as its line `line`: from the heading above it (PartAbove), or the
// first line when it is under the section's own, to the line before the
// next heading (of any level), or the last line. A section can hold
// headings after a match under its own heading (a short section merged
// into it, a sub-heading further on), whose text is not the match's.
func PartUnder(content string, line int) (from, to int) {
	last := strings.Count(strings.TrimSuffix(content, "\n"), "\n")
	if line < 0 || !mayHoldHeading(content, last) {
		return 0, last
	}
	if _, f, t, ok := PartAbove(content, line); ok {
		return f, t
	}
	to = last
	for _, h := range index.Headings(content) {
		if h.Line > line {
			to = h.Line - 1
			break
		}
	}
	return 0, to
}

// MatchHeading is the heading a line of a section part is under (at,
// 0-based in content; -1 when nothing in it matched, for its first prose):
// the one above it in the part's own text (PartAbove); else, in a later
// part of a long section (ord > 0 and not opening with the section's own
// heading), the last sub-heading (or merged section's heading) of the
// parts before it, back to the section's first part, which before passes
// to its fn nearest first; else own, the section's heading. A
// sub-heading's text runs on across the cuts of a long section.
func MatchHeading(own string, ord int, content string, at int, before func(fn func(content string) bool) error) (string, error) {
	trail, err := matchTrail(ord, content, at, before)
	if err != nil || len(trail) == 0 {
		return own, err
	}
	return trail[len(trail)-1].Text, nil
}

// MatchPlace is MatchHeading's heading (own when the match is under the
// section's own) and its heading path as the page outline writes paths
// ("Usage > Options > Flags"): the section's own path (ownPath, of its
// heading of level ownLevel: "H2" or "H2 > H3") with the headings written
// in the section above the match stacked on it by level, so an H4 under it
// adds to it and a short H3 merged into an H3 section takes that one's
// place. Of the parts before, only the one holding the last heading before
// the match is read, as MatchHeading reads them: a heading of a part
// further back is not in the path.
func MatchPlace(own, ownPath string, ownLevel, ord int, content string, at int, before func(fn func(content string) bool) error) (heading, path string, err error) {
	trail, err := matchTrail(ord, content, at, before)
	if err != nil {
		return "", "", err
	}
	if len(trail) == 0 {
		return own, ownPath, nil
	}
	type open struct {
		level int
		path  string
	}
	var stack []open
	if ownPath != "" {
		if i := strings.LastIndex(ownPath, " > "); i >= 0 && ownLevel == 3 {
			stack = append(stack, open{2, ownPath[:i]})
		}
		stack = append(stack, open{max(ownLevel, 1), ownPath})
	}
	for _, h := range trail {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.Level {
			stack = stack[:len(stack)-1]
		}
		p := h.Text
		if n := len(stack); n > 0 && h.Level > 1 {
			p = stack[n-1].path + " > " + h.Text
		}
		stack = append(stack, open{h.Level, p})
	}
	return trail[len(trail)-1].Text, stack[len(stack)-1].path, nil
}

// matchTrail is the headings above a match that MatchHeading reads, in
// order: those written above it in its part (headingsAbove); else, in a
// later part of a long section, those of the nearest part before it that
// holds one, back to the section's first part; none when the match is
// under the section's own heading.
func matchTrail(ord int, content string, at int, before func(fn func(content string) bool) error) ([]index.Heading, error) {
	if hs := headingsAbove(content, max(at, 0)); len(hs) > 0 {
		return hs, nil
	}
	if ord == 0 || OpensWithOwnHeading(content) {
		return nil, nil
	}
	var found []index.Heading
	err := before(func(prev string) bool {
		if hs := headingsAbove(prev, strings.Count(strings.TrimSuffix(prev, "\n"), "\n")); len(hs) > 0 {
			found = hs
			return false
		}
		return !OpensWithOwnHeading(prev) // the section's first part ends it
	})
	return found, err
}

// headingsAbove is the headings written in a section's content at or above
// its line `line` that PartAbove can find the line under: after the first
// line, or a sub-heading opening a part (headsPart).
func headingsAbove(content string, line int) []index.Heading {
	if line < 0 || !mayHoldHeading(content, line) {
		return nil
	}
	var out []index.Heading
	for _, h := range index.Headings(content) {
		if h.Line > line {
			break
		}
		if h.Line > 0 || headsPart(h) {
			out = append(out, h)
		}
	}
	return out
}
