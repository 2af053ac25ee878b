package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// Bounds of ubp_get_page. A page is read in windows of whole lines; the
// whole answer is at most max_size bytes as sent (JSON without HTML
// escaping), the outline lists at most maxOutlineSections sections from
// the window on, and at most maxPageBacklinks backlinks are listed; the
// outline, the backlinks and the source refs each get at most a fifth of
// the budget, and the totals say what was left out.
const (
	pageSizeMin        = 1000
	pageSizeMax        = 1000000
	defaultPageSize    = 20000
	maxOutlineSections = 50
	maxPageBacklinks   = 50
)

// pageOutput is the answer of ubp_get_page: one window of a document's
// lines, an outline to navigate by, the links of the window and the page's
// staleness. The text appears once, in content.
type pageOutput struct {
	DocID           string             `json:"doc_id"`
	Filepath        string             `json:"filepath"`
	Title           string             `json:"title"`
	DocType         index.DocType      `json:"doc_type"`
	Content         string             `json:"content" jsonschema:"The Markdown of lines start_line to end_line of the file (frontmatter excluded), whole lines only, but for a line longer than max_size, which is sent in parts (next_start_column)."`
	StartLine       int                `json:"start_line" jsonschema:"First line of the file (1-based) in content."`
	StartColumn     int                `json:"start_column,omitempty" jsonschema:"The character of start_line (1-based) content begins at, when it is not the line's first."`
	EndLine         int                `json:"end_line" jsonschema:"Last line of the file in content."`
	TotalLines      int                `json:"total_lines" jsonschema:"Last line of the file: the document ends there."`
	Truncated       bool               `json:"truncated" jsonschema:"True when the window asked for did not fit in max_size; read on from next_start_line."`
	NextStartLine   int                `json:"next_start_line,omitempty" jsonschema:"Pass as start_line to read the text that follows; absent when the window asked for was sent whole."`
	NextStartColumn int                `json:"next_start_column,omitempty" jsonschema:"Set when the first line of the window is longer than max_size and content holds only its start: pass it as start_column, with next_start_line (that same line), to read the rest of the line."`
	StartsInCode    *engine.CodeFence  `json:"starts_in_code,omitempty" jsonschema:"Set when content starts inside a code block (start_line after its opening fence, as when reading on from a next_start_line cut inside one): the block's opening fence and its line. content is code up to the block's closing fence, not Markdown: put the fence before it to read it so."`
	EndsInCode      *engine.CodeFence  `json:"ends_in_code,omitempty" jsonschema:"Set when content ends inside a code block (cut to fit max_size, the cut not moved before the block because that would keep less than half of the window, or end_line inside it): the block's opening fence and its line. The end of content is code; the window from next_start_line names the same block in starts_in_code."`
	Sections        []sectionOutline   `json:"sections" jsonschema:"Outline: the text before the first heading, then every heading, from the window on (at most 50, within a fifth of max_size), each with the lines under it up to the next heading of its level or higher (so a section holds its subsections); pass a heading, heading path or anchor as section to read one."`
	SectionsTotal   int                `json:"sections_total" jsonschema:"How many entries the whole document's outline has."`
	Outlinks        []engine.PageLink  `json:"outlinks" jsonschema:"The links written in the lines sent, as many as fit in a fifth of max_size; outlinks_total counts all."`
	OutlinksTotal   int                `json:"outlinks_total" jsonschema:"How many links are written in the lines sent."`
	Backlinks       []engine.PageLink  `json:"backlinks" jsonschema:"Links from other documents to this one (at most 50, within a fifth of max_size)."`
	BacklinkTotal   int                `json:"backlinks_total" jsonschema:"How many links from other documents point here."`
	SourceRefs      []engine.RefStatus `json:"source_refs" jsonschema:"The page's source_refs with their state, as many as fit in a fifth of max_size; source_refs_total counts all."`
	SourceRefsTotal int                `json:"source_refs_total" jsonschema:"How many source_refs the page declares."`
	Staleness       stale.Level        `json:"staleness"`
	StaleRefs       []string           `json:"stale_refs" jsonschema:"The source_refs that changed, as many as fit in a tenth of max_size."`
	UpdatedAt       string             `json:"updated_at"`
	Warnings        []index.Warning    `json:"warnings,omitempty" jsonschema:"Problems the document's last parse found (frontmatter that does not parse, so its title, doc_type and source_refs are ignored, ...), as many as fit in a tenth of max_size; fix the file to clear them."`
	AlsoMatches     []string           `json:"also_matches,omitempty" jsonschema:"Other pages the filepath given names as well (a file name, title or alias several pages share); this one is the shallowest. Pass one of these paths to read it instead."`
	MissingHeading  string             `json:"missing_heading,omitempty" jsonschema:"The heading named after '#' in filepath (page#Heading) when the page has no such section: the window is the page's, not a section's. sections lists the headings it has."`
}

// sectionOutline is one entry of a page's outline.
type sectionOutline struct {
	Heading     string `json:"heading"`
	HeadingPath string `json:"heading_path"`
	Anchor      string `json:"anchor"`
	StartLine   int    `json:"start_line"`
	EndLine     int    `json:"end_line"`
}

// pageWindow is what part of a page to send.
type pageWindow struct {
	Section   string // heading, heading path or anchor; "" for none
	StartLine int    // 0: from the first line (or the section's)
	// StartColumn is the character (1-based) of the first line the text
	// starts at; 0 or 1: its start.
	StartColumn int
	EndLine     int // 0: to the last line (or the section's)
	MaxSize     int // bytes of content as sent; 0: defaultPageSize
}

// viewPage cuts one window out of p. Lines are lines of the file; the body
// (the Markdown after the frontmatter) starts at p.BodyLine().
func viewPage(p engine.Page, w pageWindow) (pageOutput, error) {
	if w.MaxSize == 0 {
		w.MaxSize = defaultPageSize
	}
	lines := strings.Split(p.Content, "\n")
	first, last := p.BodyLine(), p.LastLine()
	parts := p.Outline()
	out := pageOutput{
		DocID: p.DocID, Filepath: p.Filepath, Title: p.Title, DocType: p.DocType,
		TotalLines: last, SectionsTotal: len(parts),
		Staleness: p.Staleness, UpdatedAt: p.UpdatedAt, AlsoMatches: p.AlsoMatches, MissingHeading: p.MissingHeading,
		Sections: []sectionOutline{}, Outlinks: []engine.PageLink{}, Backlinks: []engine.PageLink{},
	}
	var sec *engine.PageSection
	if w.Section != "" {
		s, err := p.FindSectionIn(parts, w.Section)
		if err != nil {
			return pageOutput{}, err
		}
		sec = &s
	}
	from, to, err := p.Span(sec, w.StartLine, w.EndLine)
	if err != nil {
		return pageOutput{}, err
	}
	if sec != nil && p.InFrontmatter(*sec) {
		// The frontmatter's names, which search reports as a section:
		// their own lines, before the body's (Page.Lines).
		lines, first, last = strings.Split(p.Lines(sec.StartLine, sec.EndLine), "\n"), sec.StartLine, sec.EndLine
	}
	// The code block open after each line, read from the first, before
	// the first line of the window is cut at its column.
	fences := engine.FencesAfter(lines, first)
	column := max(w.StartColumn, 1)
	if column > 1 {
		// The first line from that character on.
		line, err := engine.FromColumn(lines[from-first], from, column)
		if err != nil {
			return pageOutput{}, err
		}
		lines[from-first] = line
		out.StartColumn = column
	}

	// max_size bounds the whole answer as sent. The outline and the
	// backlinks get at most a fifth of it each; the text gets the longest
	// run of whole lines from `from` whose answer (with the links written
	// in those lines) fits, found by bisection since the size grows with
	// the last line. When even the first line does not fit beside the
	// page's lists, they are left out (their totals stay) and the text has
	// the room: with them, the least text a window gets took answers over
	// max_size (a third of the windows at 1,000, by up to 546 bytes); then,
	// if need be, the links of the lines sent too.
	win := window{p: p, parts: parts, lines: lines, fences: fences, first: first, last: last, from: from, to: to, column: column, maxSize: w.MaxSize}
	out.StartsInCode = win.fenceAfter(from - 1)
	share := w.MaxSize / 5
	fit, err := win.fit(out, share, share)
	if err != nil {
		return pageOutput{}, err
	}
	for _, linkShare := range []int{share, 0} {
		if n, err := jsonSize(fit); err != nil || n <= w.MaxSize {
			return fit, err
		}
		if fit, err = win.fit(out, 0, linkShare); err != nil {
			return pageOutput{}, err
		}
	}
	return fit, nil
}

// window is the part of a page viewPage sends, before it is fitted to
// maxSize: lines from..to of the file (lines[n-first] is line n; last is
// the page's last), the first from its column.
type window struct {
	p                             engine.Page
	parts                         []engine.PageSection
	lines                         []string
	fences                        []*engine.CodeFence // open after each line (engine.FencesAfter)
	first, last, from, to, column int
	maxSize                       int
}

// fenceAfter is the code block open after line n of the file (nil: none,
// or n before the first line).
func (win window) fenceAfter(n int) *engine.CodeFence {
	if i := n - win.first; i >= 0 && i < len(win.fences) {
		return win.fences[i]
	}
	return nil
}

// fit fills out with the window's text, the links written in it (within
// share bytes) and the page's lists (outline, backlinks, source refs,
// warnings: each within listShare bytes), within maxSize as far as the
// text allows.
func (win window) fit(out pageOutput, listShare, share int) (pageOutput, error) {
	p, parts, lines, first, last, from, to, column := win.p, win.parts, win.lines, win.first, win.last, win.from, win.to, win.column
	out.Sections = outline(parts, from, listShare)
	out.BacklinkTotal = len(p.Backlinks)
	out.Backlinks = firstFitting(p.Backlinks[:min(len(p.Backlinks), maxPageBacklinks)], listShare)
	// The source refs get a fifth too, and the changed ones half of one:
	// a page with many refs would otherwise leave no room for its text.
	out.SourceRefsTotal = len(p.SourceRefs)
	out.SourceRefs = firstFitting(p.SourceRefs, listShare)
	out.StaleRefs = firstFitting(p.StaleRefs, listShare/2)
	out.Warnings = firstFitting(p.Warnings, listShare/2)
	size := func(end int) (int, error) {
		setWindow(&out, p, lines, first, last, from, end, to, share)
		out.EndsInCode = win.fenceAfter(end)
		return jsonSize(out)
	}
	// The text alone rules out every end past the first line that takes it
	// over max_size: measure the encodings only up to there.
	hi, text := to, 0
	for n := from; n <= to; n++ {
		if text += jsonStringSize(lines[n-first]) + 2; text > win.maxSize {
			hi = n
			break
		}
	}
	if hi == to {
		n, err := size(to)
		if err != nil {
			return pageOutput{}, err
		}
		if n <= win.maxSize {
			return out, nil
		}
	}
	var n int
	var err error
	lo := from - 1 // lo fits (from-1: nothing fits yet), hi does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if n, err = size(mid); err != nil {
			return pageOutput{}, err
		}
		if n <= win.maxSize {
			lo = mid
		} else {
			hi = mid
		}
	}
	if lo >= from {
		end := win.beforeOpenFence(lo)
		setWindow(&out, p, lines, first, last, from, end, to, share)
		out.EndsInCode = win.fenceAfter(end)
	} else {
		// The first line alone is too large: send as much of it as fits,
		// inside the code block the line is in, if any (measured with
		// the larger of the block before it and the one after it).
		setWindow(&out, p, lines, first, last, from, from, to+1, share)
		before, after := win.fenceAfter(from-1), win.fenceAfter(from)
		out.EndsInCode = after
		if after == nil {
			out.EndsInCode = before
		}
		out.Content = ""
		// Room for where to read on, at its largest, counts too.
		out.Truncated, out.NextStartLine = true, from
		out.NextStartColumn = column + utf8.RuneCountInString(lines[from-first])
		rest, err := jsonSize(out)
		if err != nil {
			return pageOutput{}, err
		}
		out.Content = cutToSize(lines[from-first], max(win.maxSize-rest, minPageText))
		if len(out.Content) < len(lines[from-first]) {
			// The rest of the line is read from where this part ends.
			out.Truncated = true
			out.NextStartLine = from
			out.NextStartColumn = column + utf8.RuneCountInString(out.Content)
			out.EndsInCode = before
		} else {
			// The whole line went out (within the least text a window
			// gets): truncated only when lines asked for follow it. It
			// said truncated with nowhere to read on at the last line.
			out.Truncated, out.NextStartLine = from < to, 0
			if out.Truncated {
				out.NextStartLine = from + 1
			}
		}
	}
	return out, nil
}

// beforeOpenFence is where a window of lines from..end (of from..to asked
// for) ends: end, or when end < to leaves a code block's fence open (read
// from the page's first line, so a window starting inside a block knows
// it), the line before that fence, if that keeps at least half of the
// window's bytes: Markdown cut inside a block reads on as code. A cut left
// inside names the block (ends_in_code).
func (win window) beforeOpenFence(end int) int {
	lines, first, from := win.lines, win.first, win.from
	f := win.fenceAfter(end)
	if end >= win.to || f == nil || f.Line <= from {
		return end
	}
	kept := len(strings.Join(lines[from-first:f.Line-first], "\n"))
	if all := len(strings.Join(lines[from-first:end-first+1], "\n")); kept < all/2 {
		return end
	}
	return f.Line - 1
}

// minPageText is the least text a window gets when its first line alone
// does not fit.
const minPageText = 500

// setWindow sets the text of lines from..end and the links written
// there (as many as fit in share bytes: a paragraph of 5,000 links sent in
// parts repeated them all in each part, 626 KB for a max_size of 1,000);
// a window that ends before `to` (the end asked for) is truncated and says
// where to read on.
func setWindow(out *pageOutput, p engine.Page, lines []string, first, last, from, end, to, share int) {
	out.Content = strings.Join(lines[from-first:end-first+1], "\n")
	out.StartLine, out.EndLine = from, end
	out.Truncated, out.NextStartLine, out.NextStartColumn = end < to, 0, 0
	if out.Truncated && end < last {
		out.NextStartLine = end + 1
	}
	links := p.LinksIn(from, end)
	out.OutlinksTotal = len(links)
	out.Outlinks = firstFitting(links, share)
}

// outline lists the parts of a page (Page.Outline) from line `from` on,
// at most maxOutlineSections and budget bytes of JSON.
func outline(parts []engine.PageSection, from, budget int) []sectionOutline {
	out := []sectionOutline{}
	used := 0
	for _, s := range parts {
		if s.EndLine < from || len(out) >= maxOutlineSections {
			continue
		}
		e := sectionOutline{Heading: s.Heading, HeadingPath: s.HeadingPath, Anchor: s.Anchor, StartLine: s.StartLine, EndLine: s.EndLine}
		n, err := jsonSize(e)
		if err != nil || used+n+1 > budget {
			break
		}
		used += n + 1
		out = append(out, e)
	}
	return out
}

// firstFitting keeps the leading items whose JSON fits budget bytes.
func firstFitting[T any](items []T, budget int) []T {
	out := []T{}
	used := 0
	for _, l := range items {
		n, err := jsonSize(l)
		if err != nil || used+n+1 > budget {
			break
		}
		used += n + 1
		out = append(out, l)
	}
	return out
}

// jsonSize is the length of v as ubp sends it: compact JSON without HTML
// escaping.
func jsonSize(v any) (int, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return 0, fmt.Errorf("measure the answer: %w", err)
	}
	return b.Len() - 1, nil
}

// jsonStringSize is the number of bytes s takes inside a JSON string as
// ubp sends it: UTF-8 as is, no HTML escaping; quote, backslash and
// control characters escaped.
func jsonStringSize(s string) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' || c == '\b' || c == '\f':
			n += 2
			i++
		case c < 0x20:
			n += 6
			i++
		case c < utf8.RuneSelf:
			n++
			i++
		default:
			r, w := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && w == 1 {
				n += 6 // \ufffd
			} else if r == '\u2028' || r == '\u2029' {
				n += 6
			} else {
				n += w
			}
			i += w
		}
	}
	return n
}

// cutToSize returns the longest prefix of s (whole runes) whose JSON size
// is at most limit.
func cutToSize(s string, limit int) string {
	n := 0
	for i, r := range s {
		c := jsonStringSize(string(r))
		if n+c > limit {
			return s[:i]
		}
		n += c
	}
	return s
}
