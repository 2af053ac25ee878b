package query

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// Highlight markers around each match in a snippet, and the mark of a cut.
// The marks are white square brackets (U+27E6, U+27E7): plain brackets
// would read as a Markdown link or, around a wiki-link, as [[[x]]].
const (
	MarkOpen  = "⟦"
	MarkClose = "⟧"
	Ellipsis  = "…"
)

// maxSnippetSpans bounds the work spent choosing a window in long sections.
const maxSnippetSpans = 256

// Snippet returns about width characters of text where the matches of terms
// cover the most of the query (see bestWindow), each match wrapped as
// ⟦match⟧. Whitespace runs become one space and a leading Markdown heading
// line is dropped (the heading is reported on its own). A cut at either end
// is marked with "…". With no match it is the start of the text's first
// prose (see leadingProse).
func Snippet(text string, terms []Term, width int) string {
	s, _ := SnippetLine(text, terms, width)
	return s
}

// SnippetLine is Snippet, and the line of text (0-based) of the first
// match the snippet shows; -1 when it shows none.
func SnippetLine(text string, terms []Term, width int) (string, int) {
	if width < 8 {
		width = 8
	}
	all := terms
	terms = highlighted(all)
	flatText, lines, heads := flattenLines(text)
	flat := []rune(flatText)
	spans := findFolded(flat, terms)
	if len(spans) == 0 {
		// Found by its 2-grams alone (スト of テスト in ストア): show
		// those, so the snippet says why the section is there and its
		// line is theirs, rather than the section's start unmarked.
		if grams := bigramsOf(all); len(grams) > 0 {
			terms, spans = grams, findFolded(flat, grams)
		}
	}
	if len(spans) == 0 {
		// Nothing to show around: show the first prose instead of a
		// link definition, code or a comment the section starts with.
		flat = []rune(flatten(leadingProse(text)))
		lines = nil
	}
	if len(spans) > maxSnippetSpans {
		spans = spans[:maxSnippetSpans]
	}
	start := 0
	if len(spans) > 0 {
		start = bestWindow(spans, terms, width)
	}
	end := start + width
	if end > len(flat) {
		end = len(flat)
		if start = end - width; start < 0 {
			start = 0
		}
	}
	merged := mergeSpans(spans)
	if len(heads) > 0 && lines != nil {
		// Never reach back over the heading the first match shown is
		// under: the text before it is another heading's.
		if h := headingAbove(flat, merged, lines, heads, start, end); h > start {
			start, end = h, min(h+width, len(flat))
		}
	}
	// Never cut a letter from the combining marks after it (decomposed
	// kana: テ and U+3099 for デ).
	for start > 0 && start < len(flat) && unicode.Is(unicode.Mn, flat[start]) {
		start--
	}
	for end < len(flat) && unicode.Is(unicode.Mn, flat[end]) {
		end++
	}
	for _, sp := range merged {
		// Never cut a match at the start: a window that would begin
		// inside one (as one ending at the text's end can) begins at it,
		// a few characters wider, rather than mark its tail ("…⟦h⟧" of
		// refresh).
		if sp.Start < start && sp.End > start {
			start = sp.Start
		}
	}
	for _, sp := range merged { // never cut a match at the end
		if sp.Start < end && sp.End > end && sp.Start > start {
			end = sp.Start
		}
	}
	line := -1
	for _, sp := range merged {
		if sp.End > start && sp.Start < end && lines != nil {
			line = lines[max(sp.Start, start)]
			break
		}
	}
	var b strings.Builder
	if start > 0 {
		b.WriteString(Ellipsis)
	}
	pos := start
	for _, sp := range merged {
		if sp.End <= start || sp.Start >= end {
			continue
		}
		s, e := max(sp.Start, start), min(sp.End, end)
		b.WriteString(string(flat[pos:s]))
		b.WriteString(MarkOpen)
		b.WriteString(string(flat[s:e]))
		b.WriteString(MarkClose)
		pos = e
	}
	b.WriteString(string(flat[pos:end]))
	if end < len(flat) {
		b.WriteString(Ellipsis)
	}
	return b.String(), line
}

// bestWindow picks the window start whose width covers the most of the
// query (then the most matches), starting a little before the first match
// of the window so it has some lead-in when the cluster leaves room. A
// window's share of the query is the sum over concepts of the weight of the
// best term of each found in it: a word as written counts 1, an English
// gloss or a kanji 2-gram its term weight, so a Japanese page keeping its
// English original beside the translation shows the query's own words
// rather than their glosses, and several glosses of one concept count once.
// Bonus terms without a concept (compounds) count as matches only.
func bestWindow(spans []Span, terms []Term, width int) int {
	lead := width / 5
	bestStart, bestShare, bestCount := 0, -1.0, -1
	nGroups := 0
	for _, t := range terms {
		nGroups = max(nGroups, t.Group+1)
	}
	seen := make([]int, nGroups)
	got := make([]float64, nGroups)
	for i, a := range spans {
		stamp := i + 1
		var share float64
		count, clusterEnd := 0, a.End
		for _, sp := range spans[i:] {
			if sp.End > a.Start+width {
				break
			}
			count++
			clusterEnd = max(clusterEnd, sp.End)
			t := terms[sp.Term]
			if t.Group < 0 {
				continue
			}
			if seen[t.Group] != stamp {
				seen[t.Group], got[t.Group] = stamp, 0
			}
			if t.Weight > got[t.Group] {
				share += t.Weight - got[t.Group]
				got[t.Group] = t.Weight
			}
		}
		if share > bestShare+shareEpsilon || share > bestShare-shareEpsilon && count > bestCount {
			slack := width - (clusterEnd - a.Start)
			bestStart, bestShare, bestCount = max(a.Start-min(lead, slack), 0), share, count
		}
	}
	return bestStart
}

// shareEpsilon is the difference in a window's share of the query below
// which two windows are equal (sums of term weights are not exact).
const shareEpsilon = 1e-9

// leadingProse is text from its first line of prose on: blank lines,
// headings, link reference definitions ("[x]: https://…"), fenced code and
// HTML comments before it are left out. Text with no such line is returned
// whole.
func leadingProse(text string) string {
	prose, _ := firstProse(text)
	return prose
}

// firstProse is leadingProse, and whether text has a line of prose.
func firstProse(text string) (string, bool) {
	var fence codeFence
	comment := false
	pos := 0
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		next := len(text)
		if end >= 0 {
			next = pos + end + 1
		}
		line := strings.TrimSpace(text[pos:next])
		switch {
		case comment:
			comment = !strings.Contains(line, "-->")
		case fence.next(text[pos:next]), fence.open(): // a fence line, or code
		case strings.HasPrefix(line, "<!--"):
			comment = !strings.Contains(line[4:], "-->")
		case line == "", strings.HasPrefix(line, "#"), isLinkDefinition(line):
		default:
			return text[pos:], true
		}
		pos = next
	}
	return text, false
}

// ProseLine is the line of text (0-based) where the snippet of a text
// without a match begins: that of leadingProse, past the heading, blank
// lines, comments, code and link definitions it skips (0 when the text has
// no prose). A hit shown without a match gives this line, not its
// section's first, so that the line and the snippet agree.
func ProseLine(text string) int {
	prose := leadingProse(text)
	if len(prose) == len(text) {
		return 0
	}
	return strings.Count(text[:len(text)-len(prose)], "\n")
}

// isLinkDefinition reports whether a trimmed line is a Markdown link
// reference definition: "[label]: destination".
func isLinkDefinition(line string) bool {
	if !strings.HasPrefix(line, "[") {
		return false
	}
	i := strings.Index(line, "]:")
	return i > 1 && !strings.Contains(line[:i], "]")
}

// mergeSpans joins overlapping or touching spans so highlights never nest.
func mergeSpans(spans []Span) []Span {
	var out []Span
	for _, s := range spans {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			if s.End > out[n-1].End {
				out[n-1].End = s.End
			}
			continue
		}
		out = append(out, s)
	}
	return out
}

// headingAbove is where the heading line nearest above the first match
// of merged in the window [start, end) begins, when that line is in the
// window after its start (the line of the match itself when a heading holds
// it); else start. flat is the flattened text, lines its runes' lines and
// heads the heading lines, as flattenLines gives them.
func headingAbove(flat []rune, merged []Span, lines []int, heads map[int]bool, start, end int) int {
	first := -1
	for _, sp := range merged {
		if sp.End > start && sp.Start < end {
			first = max(sp.Start, start)
			break
		}
	}
	for i := first; i >= start && i >= 0; i-- {
		if heads[lines[i]] {
			for i > start && lines[i-1] == lines[i] {
				i--
			}
			if flat[i] == ' ' && i < first {
				i++ // the space before the heading's text
			}
			return i
		}
	}
	return start
}

// flatten drops a leading "#" heading line and turns whitespace runs into
// single spaces.
func flatten(text string) string {
	s, _, _ := flattenLines(text)
	return s
}

// flattenLines is flatten, and for each rune of its result the line of
// text (0-based) it comes from, and the lines of text that are headings
// after the first (a short section merged into the section, a
// sub-heading): their markers are left out (stripHeadingMarkup), their
// text kept.
func flattenLines(text string) (string, []int, map[int]bool) {
	t := strings.TrimLeft(text, " \t\r\n")
	line := strings.Count(text[:len(text)-len(t)], "\n")
	if strings.HasPrefix(t, "#") {
		// The heading is reported on its own; but a section of its
		// heading alone (a page's title before its first H2) shows it.
		if i := strings.IndexByte(t, '\n'); i >= 0 && strings.TrimSpace(t[i+1:]) != "" {
			t = t[i+1:]
			line++
		} else {
			t = strings.TrimLeft(strings.TrimRight(strings.TrimSpace(t), "#"), "# \t")
		}
	}
	t, heads := stripHeadingMarkup(t, line)
	var b strings.Builder
	b.Grow(len(t))
	lines := make([]int, 0, len(t))
	space := false
	// A run of whitespace that is one line break inside a Japanese word
	// (see textfold) goes with no space: the word reads, and is matched,
	// as one.
	// The run must be what textfold joins: the break right after the
	// letter, then only the next line's indentation (spaces, tabs).
	breaks, joinable := 0, false
	var last rune
	for _, r := range t {
		if unicode.IsSpace(r) {
			if !space {
				breaks, joinable = 0, r == '\n' || r == '\r'
			}
			space = true
			switch r {
			case '\n':
				line++
				breaks++
			case '\r', ' ', '\t':
			default:
				joinable = false
			}
			continue
		}
		inWord := breaks == 1 && joinable && textfold.JapaneseLetter(last) && textfold.JapaneseLetter(r)
		if space && b.Len() > 0 && !inWord {
			b.WriteByte(' ')
			lines = append(lines, line)
		}
		space = false
		b.WriteRune(r)
		lines = append(lines, line)
		last = r
	}
	return b.String(), lines, heads
}

// stripHeadingMarkup takes the markup out of the heading lines of text,
// whose first line is line first of the section: the "#" run of an ATX
// heading (and its closing run), the underline of a setext one, and the
// fence lines of fenced code (the markers and the info string: a snippet
// shows the code's text, not its markup). Lines in fenced code are no
// headings ("# a comment"). It returns the text, of as many lines, and the
// heading lines (nil for none). Most sections have no heading after their
// first line and no fence: they are returned as they are.
func stripHeadingMarkup(text string, first int) (string, map[int]bool) {
	if !strings.Contains(text, "\n#") && !strings.Contains(text, "\n ") && !strings.Contains(text, "\n=") && !strings.Contains(text, "\n-") && !strings.HasPrefix(text, "#") &&
		!strings.Contains(text, "```") && !strings.Contains(text, "~~~") {
		return text, nil
	}
	ls := strings.Split(text, "\n")
	var heads map[int]bool
	mark := func(i int) {
		if heads == nil {
			heads = map[int]bool{}
		}
		heads[first+i] = true
	}
	var fence codeFence
	fenced := false // a fence line was blanked
	for i, l := range ls {
		if fence.next(l) {
			ls[i] = ""
			fenced = true
			continue
		}
		t := strings.TrimLeft(l, " ")
		if len(l)-len(t) > 3 {
			continue // indented code, or a list item's text
		}
		switch {
		case fence.open():
		case atxHeading(t):
			h := strings.TrimRight(strings.TrimLeft(t, "#"), " \t")
			if c := strings.TrimRight(h, "#"); c == "" || strings.HasSuffix(c, " ") || strings.HasSuffix(c, "\t") {
				h = c // the closing run
			}
			ls[i] = strings.TrimSpace(h)
			mark(i)
		case i > 0 && setextUnderline(t) && strings.TrimSpace(ls[i-1]) != "" && !heads[first+i-1]:
			ls[i] = ""
			mark(i - 1)
		}
	}
	if heads == nil && !fenced {
		return text, nil
	}
	return strings.Join(ls, "\n"), heads
}

// codeFence follows the fenced code blocks of Markdown read line by line,
// as CommonMark opens and closes them (and answer.FenceScan reads them): a
// run of three or more ` or ~ indented at most three spaces opens one,
// with an info string after it (a backtick run's holds no backtick: "```go`
// here" is inline code); a run of the same character at least as long,
// with nothing after it, closes it.
type codeFence struct {
	marker string // the open block's fence run, "" outside code
}

// next reads line (its end, "\r" too, may be left on) and reports whether
// it is a fence line, opening or closing a block.
func (f *codeFence) next(line string) bool {
	line = strings.TrimRight(line, "\r\n")
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return false
	}
	run := len(t) - len(strings.TrimLeft(t, t[:1]))
	switch {
	case run < 3:
		return false
	case f.marker == "":
		if t[0] == '`' && strings.Contains(t[run:], "`") {
			return false
		}
		f.marker = t[:run]
		return true
	case t[0] == f.marker[0] && run >= len(f.marker) && strings.TrimSpace(t[run:]) == "":
		f.marker = ""
		return true
	}
	return false
}

// open reports whether the lines read end inside a code block.
func (f *codeFence) open() bool { return f.marker != "" }

// atxHeading reports whether a line (indentation trimmed) is an ATX
// heading: one to six "#", then a space, a tab or nothing.
func atxHeading(t string) bool {
	n := len(t) - len(strings.TrimLeft(t, "#"))
	return n >= 1 && n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t')
}

// setextUnderline reports whether a line (indentation trimmed) is a setext
// heading's underline: "=" or "-" only, spaces after.
func setextUnderline(t string) bool {
	t = strings.TrimRight(t, " \t")
	return t != "" && (strings.Trim(t, "=") == "" || strings.Trim(t, "-") == "")
}

// Summary is the first n characters of Markdown text as a reader sees it,
// with whitespace runs folded, cut with "…" when longer: from its first
// prose on (see leadingProse: the heading, which repeats the title beside
// the summary, is left out), and without HTML comments outside code, which
// do not show (a translated page keeps its original in them before each
// paragraph). Used for neighbour summaries.
func Summary(text string, n int) string {
	var b strings.Builder
	space, count := false, 0
	for _, r := range strings.TrimSpace(summaryText(text)) {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if count >= n {
			b.WriteString(Ellipsis)
			break
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
			count++
			if count >= n {
				b.WriteString(Ellipsis)
				break
			}
		}
		space = false
		b.WriteRune(r)
		count++
	}
	return b.String()
}

// summaryText is text from its first prose on without its HTML comments,
// passing over lines made only of links before it: a page's language
// switch ("[English](./x.md)") or breadcrumb is navigation, and the
// heading after it would repeat the title.
func summaryText(text string) string {
	text = leadingProse(dropComments(text))
	for {
		line, rest, _ := strings.Cut(text, "\n")
		if !navigationLine(line) {
			return text
		}
		next, found := firstProse(rest)
		if !found {
			return text
		}
		text = next
	}
}

// markdownLink matches an inline Markdown link, [text](destination).
var markdownLink = regexp.MustCompile(`!?\[[^\]]*\]\([^)]*\)`)

// navigationLine reports whether line holds Markdown links and nothing
// else but separators (spaces, |, /, ·, ・, -, >).
func navigationLine(line string) bool {
	rest := markdownLink.ReplaceAllString(line, "")
	if len(rest) == len(line) {
		return false
	}
	return strings.Trim(rest, " \t|/·・->") == ""
}

// dropComments is text without its HTML comments ("<!-- … -->", on one
// line or over several), except inside fenced code, where they are code.
// An unclosed comment runs to the end, as it does in Markdown.
func dropComments(text string) string {
	if !strings.Contains(text, "<!--") {
		return text
	}
	var b strings.Builder
	var fence string // the open fence's marker, "" outside code
	comment := false
	for line := range strings.SplitAfterSeq(text, "\n") {
		trimmed := strings.TrimSpace(line)
		switch {
		case comment:
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			b.WriteString(line)
			continue
		case strings.HasPrefix(trimmed, "```"), strings.HasPrefix(trimmed, "~~~"):
			fence = trimmed[:3]
			b.WriteString(line)
			continue
		}
		kept := false
		for line != "" {
			if comment {
				end := strings.Index(line, "-->")
				if end < 0 {
					line = ""
					break
				}
				line, comment = line[end+3:], false
				continue
			}
			start := strings.Index(line, "<!--")
			if start < 0 {
				b.WriteString(line)
				kept = true
				break
			}
			if strings.TrimSpace(line[:start]) != "" {
				b.WriteString(line[:start])
				kept = true
			}
			line, comment = line[start+4:], true
		}
		if kept && !strings.HasSuffix(b.String(), "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// highlighted drops the terms a snippet does not mark: bigram bonus terms
// (権の) would cut words apart, and so would the 2-grams of a long kanji
// word that straddle its parts (straddles).
func highlighted(terms []Term) []Term {
	var words map[int]string // a kanji word's group → the word
	for _, t := range terms {
		if t.Kind == Word && t.Script == ScriptHan {
			if words == nil {
				words = map[int]string{}
			}
			words[t.Group] = t.Text
		}
	}
	out := make([]Term, 0, len(terms))
	for _, t := range terms {
		if t.Kind == Bigram || t.Kind == Glued { // a Glued term's matches are its Word's
			continue
		}
		if t.Kind == Gram && straddles(t.Text, words[t.Group]) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// straddles reports whether gram, a 2-gram of the kanji word (kanjiGrams),
// is none of its parts: read in twos from its start (判定方法: 判定, 方法),
// and the last two of an odd length, the parts a long kanji word is most
// often made of; the grams between them (定方) are the tail of one part and
// the head of the next. Found alone, such a gram is in another word: in
// 測定方法, 定方 holds the 定 of 測定, which the snippet marked (測⟦定方法⟧).
// Full text still counts it; the snippet marks the parts and the whole word.
func straddles(gram, word string) bool {
	w, g := []rune(word), []rune(gram)
	if len(g) != 2 || len(w) < 4 {
		return false
	}
	found := false
	for i := 0; i+2 <= len(w); i++ {
		if w[i] != g[0] || w[i+1] != g[1] {
			continue
		}
		if i%2 == 0 || i == len(w)-2 {
			return false
		}
		found = true
	}
	return found
}

// bigramsOf returns the 2-gram terms of terms, the ones highlighted leaves
// out.
func bigramsOf(terms []Term) []Term {
	var out []Term
	for _, t := range terms {
		if t.Kind == Bigram {
			out = append(out, t)
		}
	}
	return out
}

// findSpans over text in the form queries are matched in (Normalize), each
// span mapped back to the runes of text it covers, so that a match of LRU
// marks ＬＲＵ as written.
func findFolded(text []rune, terms []Term) []Span {
	folded, from, to := textfold.Runes(text)
	lower := []rune(Lower(string(folded)))
	if len(lower) != len(folded) { // cannot happen with rune-wise Lower; stay safe
		lower = folded
	}
	spans := findSpans(lower, terms)
	if from == nil {
		return spans
	}
	for i := range spans {
		spans[i].Start, spans[i].End = from[spans[i].Start], to[spans[i].End-1]
	}
	return spans
}
