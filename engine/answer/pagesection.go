package answer

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index"
)

// FindSection is the part of p that ref names, as Outline lists it (see
// FindSectionIn).
func (p Page) FindSection(ref string) (PageSection, error) {
	return p.FindSectionIn(p.Outline(), ref)
}

// FindSectionIn is the entry of outline (p.Outline()) that ref names, with
// its Markdown as Content: a heading's anchor, heading path or text, tried
// in that order, without regard to case or a leading '#' (the slug of the
// text is tried last), then percent-decoded as a Markdown link's anchor. The section runs from its heading to the next
// heading of the same or a higher level, so it holds its subsections and
// every part the index split it into, whichever heading it is (one that
// opens no section of the index, such as a short H2 merged into the one
// before or an H4, too). An unknown ref is an *ArgumentError for the
// parameter "section" listing some of the page's anchors.
func (p Page) FindSectionIn(outline []PageSection, ref string) (PageSection, error) {
	want := sectionKey(strings.TrimPrefix(strings.TrimSpace(ref), "#"))
	if i := namedSection(outline, ref); i >= 0 {
		s := outline[i]
		s.Content = p.Lines(s.StartLine, s.EndLine)
		return s, nil
	}
	if s, ok := p.indexedSection(outline, want); ok {
		return s, nil
	}
	if strings.Contains(ref, "%") {
		// An anchor as a Markdown link writes it, percent-encoded
		// (#%E6%A6%82%E8%A6%81 for #概要), as the index reads links.
		if d, err := url.PathUnescape(ref); err == nil && d != ref {
			if s, err := p.FindSectionIn(outline, d); err == nil {
				return s, nil
			}
		}
	}
	var anchors []string
	for _, s := range outline {
		if s.Anchor != "" && len(anchors) < 20 {
			anchors = append(anchors, s.Anchor)
		}
	}
	if len(anchors) == 0 {
		return PageSection{}, &ArgumentError{Param: "section",
			Message: fmt.Sprintf("%q is not a section of %s, which has no headings to name", ref, p.Filepath)}
	}
	return PageSection{}, &ArgumentError{Param: "section",
		Message: fmt.Sprintf("%q is not a section of %s; sections include: %s", ref, p.Filepath, strings.Join(anchors, ", "))}
}

// indexedSection is the part of p named by the heading of one of its
// indexed sections (Sections) that the outline has no heading for, as
// search reports them: the frontmatter's names (a section before the body,
// headed by the title: returned as indexed, Content its names) or an
// opening text headed by the page's title (the outline's part holding its
// first line).
func (p Page) indexedSection(outline []PageSection, want string) (PageSection, bool) {
	first := p.BodyLine()
	for _, s := range p.Sections {
		if s.Heading == "" || (sectionKey(s.Heading) != want && sectionKey(s.HeadingPath) != want) {
			continue
		}
		if s.EndLine < first {
			return s, true
		}
		for _, o := range outline {
			if o.StartLine <= s.StartLine && s.StartLine <= o.EndLine {
				o.Content = p.Lines(o.StartLine, o.EndLine)
				return o, true
			}
		}
	}
	return PageSection{}, false
}

// InFrontmatter reports whether s lies before the body: the section of
// the names the frontmatter gives the page (index.Document.BodySections).
func (p Page) InFrontmatter(s PageSection) bool { return s.EndLine < p.BodyLine() }

// pathKey is how heading paths compare: sectionKey, without the spaces
// around each " > " between headings, which the full-width ＞ a Japanese
// IME types does not need ("CI連携＞--json オプション" names "CI連携 >
// --json オプション").
func pathKey(s string) string { return pathSeparator.ReplaceAllString(sectionKey(s), ">") }

// pathSeparator is a ">" with the spaces around it.
var pathSeparator = regexp.MustCompile(`\s*>\s*`)

// sectionKey is how section names compare: NFC (a heading saved in NFD
// is named in NFC), in one width (NFKC: ＡＰＩ（v2） is API(v2), ｶﾞｲﾄﾞ is
// ガイド, as Japanese writers mix them), then lower case.
func sectionKey(s string) string { return strings.ToLower(norm.NFKC.String(s)) }

// stripHeadingMarkup drops what a heading's source has and its rendered
// text does not: closing #'s, and the backticks, asterisks and underscores
// of inline code and emphasis.
func stripHeadingMarkup(s string) string {
	s = strings.TrimRight(s, " \t")
	if t := strings.TrimRight(s, "#"); t != s && (t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t")) {
		s = strings.TrimRight(t, " \t")
	}
	s = strings.Map(func(r rune) rune {
		switch r {
		case '`', '*', '_':
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// BodyLine is the line of the file where Content (the Markdown after the
// frontmatter) starts: BodyStart, or when unknown (a page not read from
// the index), found from the first section with content.
func (p Page) BodyLine() int {
	if p.BodyStart > 0 {
		return p.BodyStart
	}
	for _, s := range p.Sections {
		if s.Content == "" {
			continue
		}
		if i := strings.Index(p.Content, s.Content); i >= 0 {
			return s.StartLine - strings.Count(p.Content[:i], "\n")
		}
	}
	return 1
}

// LastLine is the last line of the file: where Content ends. A final
// newline ends the last line; it does not begin another.
func (p Page) LastLine() int {
	return p.BodyLine() + strings.Count(strings.TrimSuffix(p.Content, "\n"), "\n")
}

// Span is the lines of the file a window of p shows, from..to: the body
// (Content), or the section s when not nil, narrowed by start and end
// (lines of the file, 1-based; 0 for no bound). A start past the last line,
// or outside the section s, is an *ArgumentError for "start_line", an end
// before the window's first line one for "end_line"; other bounds are
// clamped to the body (or the section).
func (p Page) Span(s *PageSection, start, end int) (from, to int, err error) {
	first, last := p.BodyLine(), p.LastLine()
	from, to = first, last
	if s != nil && p.InFrontmatter(*s) {
		// The frontmatter's names: their own lines, before the body's.
		first, last = s.StartLine, s.EndLine
	}
	if s != nil {
		from, to = s.StartLine, s.EndLine
		// Lines outside the section are not in it: say so rather than
		// show another section's lines as this one's.
		if start > 0 && (start < s.StartLine || start > s.EndLine) {
			return 0, 0, &ArgumentError{Param: "start_line",
				Message: fmt.Sprintf("%d is outside section %q of %s, lines %d-%d", start, s.Heading, p.Filepath, s.StartLine, s.EndLine)}
		}
	}
	if start > 0 {
		if start > last {
			return 0, 0, &ArgumentError{Param: "start_line",
				Message: fmt.Sprintf("%d is past the end of %s, which has %s", start, p.Filepath, lineCount(last))}
		}
		from = start
	}
	from = max(from, first)
	if end > 0 {
		if end < from {
			where := "where the text asked for starts"
			if from == first && start < first {
				where = "where the text starts after the frontmatter"
			}
			return 0, 0, &ArgumentError{Param: "end_line",
				Message: fmt.Sprintf("%d is before line %d, %s", end, from, where)}
		}
		to = end
		if s != nil {
			to = min(to, s.EndLine)
		}
	}
	return from, min(max(to, from), last), nil
}

// Lines is the Markdown of lines from..to of the file (see Span); lines
// before the body are those of the frontmatter's names (empty where it
// names nothing).
func (p Page) Lines(from, to int) string {
	first := p.BodyLine()
	lines := strings.Split(p.Content, "\n")
	if from >= first {
		return strings.Join(lines[from-first:to-first+1], "\n")
	}
	out := make([]string, 0, to-from+1)
	for n := from; n <= to; n++ {
		if n >= first {
			out = append(out, lines[n-first])
		} else {
			out = append(out, p.frontmatterLine(n))
		}
	}
	return strings.Join(out, "\n")
}

// frontmatterLine is line n of the frontmatter's names, "" when none.
func (p Page) frontmatterLine(n int) string {
	for _, s := range p.Sections {
		if p.InFrontmatter(s) && s.StartLine <= n && n <= s.EndLine {
			if lines := strings.Split(s.Content, "\n"); n-s.StartLine < len(lines) {
				return lines[n-s.StartLine]
			}
		}
	}
	return ""
}

// LinksIn are the links of p written in lines from..to.
func (p Page) LinksIn(from, to int) []PageLink {
	out := []PageLink{}
	for _, l := range p.Outlinks {
		if l.Line >= from && l.Line <= to {
			out = append(out, l)
		}
	}
	return out
}

// lineCount is "1 line" or "12 lines".
func lineCount(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprintf("%d lines", n)
}

// NamesSection reports whether ref names one of sections by its heading's
// anchor, heading path or text, as FindSectionIn compares them (it reads
// no text: sections need only their headings and anchors). Every section
// the index cut is in the outline under the same heading, so a ref naming
// an indexed section names a section of the page.
func NamesSection(sections []PageSection, ref string) bool {
	return namedSection(sections, ref) >= 0
}

// namedSection is the index of the entry of outline that ref names by its
// anchor, heading path or heading, tried in that order without regard to
// case or a leading '#' (the slug of the heading last), then by the heading
// as written in the source (its inline markup and closing #'s left out);
// -1 when none.
func namedSection(outline []PageSection, ref string) int {
	want := sectionKey(strings.TrimPrefix(strings.TrimSpace(ref), "#"))
	// The heading as written in the source: inline markup and closing #'s
	// that the outline's rendered heading does not have.
	written := sectionKey(stripHeadingMarkup(strings.TrimPrefix(strings.TrimSpace(ref), "#")))
	for _, key := range []func(PageSection) string{
		func(s PageSection) string { return s.Anchor },
		func(s PageSection) string { return s.HeadingPath },
		func(s PageSection) string { return s.Heading },
		func(s PageSection) string { return index.Slug(s.Heading) },
	} {
		for i, s := range outline {
			if k := key(s); k != "" && sectionKey(k) == want {
				return i
			}
		}
	}
	if path := pathSeparator.ReplaceAllString(want, ">"); strings.Contains(path, ">") {
		for i, s := range outline {
			if s.HeadingPath != "" && pathKey(s.HeadingPath) == path {
				return i
			}
		}
	}
	if written != "" && written != want {
		for i, s := range outline {
			if s.Heading != "" && sectionKey(stripHeadingMarkup(s.Heading)) == written {
				return i
			}
		}
	}
	return -1
}
