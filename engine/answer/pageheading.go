package answer

import (
	"regexp"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// atxHeadingRE is an ATX heading line: up to three spaces, one to six '#',
// then the text (its closing '#'s dropped by headingText).
var atxHeadingRE = regexp.MustCompile(`^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$`)

// closingHashesRE is an ATX heading's optional closing sequence.
var closingHashesRE = regexp.MustCompile(`(?:^|[ \t]+)#+$`)

// headingLine is a heading written inside the body that does not open a
// section of its own: an H2 or H3 merged into the previous section for
// being short, an H1, or an H4 to H6.
type headingLine struct {
	text  string
	level int
	line  int // of the file
}

// innerHeadings lists the ATX headings of the body outside fenced code
// blocks, with their lines of the file.
func (p Page) innerHeadings() []headingLine {
	var out []headingLine
	first := p.BodyLine()
	fence := ""
	for i, l := range strings.Split(p.Content, "\n") {
		t := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]) == "" {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		m := atxHeadingRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		text := strings.TrimSpace(closingHashesRE.ReplaceAllString(m[2], ""))
		if text == "" {
			continue
		}
		out = append(out, headingLine{text: text, level: len(m[1]), line: first + i})
	}
	return out
}

// findInnerHeading is the part of p under a heading written in the body
// that ref names (its text or its GitHub slug, without regard to case):
// from the heading's line to the line before the next heading of the same
// or a higher level, or to the end of the body. It reports false when no
// heading matches.
func (p Page) findInnerHeading(want string) (PageSection, bool) {
	hs := p.innerHeadings()
	for i, h := range hs {
		if strings.ToLower(h.text) != want && index.Slug(h.text) != want {
			continue
		}
		end := p.LastLine()
		for _, next := range hs[i+1:] {
			if next.level <= h.level {
				end = next.line - 1
				break
			}
		}
		for end > h.line && strings.TrimSpace(p.Lines(end, end)) == "" {
			end--
		}
		s := PageSection{Heading: h.text, HeadingPath: h.text, Anchor: index.Slug(h.text), StartLine: h.line, EndLine: end}
		s.Content = p.Lines(h.line, end)
		for _, sec := range p.Sections {
			if sec.StartLine <= h.line && h.line <= sec.EndLine && sec.HeadingPath != "" {
				s.HeadingPath = sec.HeadingPath + " > " + h.text
				break
			}
		}
		return s, true
	}
	return PageSection{}, false
}
