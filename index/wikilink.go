package index

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// wikiMatch is one [[…]] or ![[…]] found in raw Markdown text.
type wikiMatch struct {
	start, end int // byte range of the whole link (including '!' of an embed)
	embed      bool
	target     string // "" for [[#Heading]]
	heading    string
	typ        LinkType
	typed      bool // the link names its type ([[x|references]])
	alias      string
}

// codeSpan is an inline code span inside a text run: its source bytes,
// backtick delimiters included, and its content, both relative to the run.
type codeSpan struct {
	start, stop     int
	inStart, inStop int
}

// scanWikiLinks finds wiki-links in s, raw Markdown source of one line of
// text (code already excluded). Syntax: [[target]], [[target|type]],
// [[target|alias]], [[target#Heading]], [[#Heading]], optionally with a
// leading '!' (embed). Backslash escapes work as in Markdown: "\[[" is not a
// link and "\|" (needed inside tables) is a plain '|'. A link never spans
// lines, never nests, and needs a non-empty target or heading.
func scanWikiLinks(s string) []wikiMatch {
	return scanWikiLinksAround(s, nil)
}

// scanWikiLinksAround is scanWikiLinks over text holding the inline code
// spans code (in order): a link's brackets are never inside one, and a
// span inside a link counts as its content, as it renders ([[`b`]] links
// to b, as the heading "# `b`" is titled b).
func scanWikiLinksAround(s string, code []codeSpan) []wikiMatch {
	var out []wikiMatch
	next := 0 // the first code span not yet passed
	for i := 0; i+1 < len(s); {
		for next < len(code) && code[next].stop <= i {
			next++
		}
		if next < len(code) && code[next].start <= i {
			i = code[next].stop
			continue
		}
		c := s[i]
		if c == '\\' && isASCIIPunct(s[i+1]) {
			i += 2
			continue
		}
		if c != '[' || s[i+1] != '[' || i+2 < len(s) && s[i+2] == '[' {
			i++ // "[[[x]]]": the innermost pair opens the link
			continue
		}
		end, restart := findWikiClose(s, i+2, code[next:])
		if end < 0 {
			if restart > i {
				i = restart
			} else {
				i += 2
			}
			continue
		}
		m, ok := parseWikiContent(renderCode(s, i+2, end, code[next:]))
		if !ok {
			i = end + 2
			continue
		}
		m.start, m.end = i, end+2
		if i > 0 && s[i-1] == '!' && (i < 2 || s[i-2] != '\\') {
			m.embed = true
			m.start = i - 1
		}
		out = append(out, m)
		i = end + 2
	}
	return out
}

// findWikiClose returns the index of the "]]" closing a link whose content
// starts at from, or -1 and the index of a nested "[[" to restart from
// (-1 when there is none). Brackets inside the code spans code are text.
func findWikiClose(s string, from int, code []codeSpan) (end, restart int) {
	for j := from; j < len(s); j++ {
		for len(code) > 0 && code[0].stop <= j {
			code = code[1:]
		}
		if len(code) > 0 && code[0].start <= j {
			if k := strings.IndexAny(s[j:code[0].stop], "\n\r"); k >= 0 {
				return -1, -1
			}
			j = code[0].stop - 1
			continue
		}
		switch s[j] {
		case '\\':
			if j+1 < len(s) && isASCIIPunct(s[j+1]) {
				j++
			}
		case '\n', '\r':
			return -1, -1
		case '[':
			if j+1 < len(s) && s[j+1] == '[' {
				return -1, j
			}
		case ']':
			if j+1 < len(s) && s[j+1] == ']' {
				return j, -1
			}
		}
	}
	return -1, -1
}

// renderCode returns s[from:to] with each code span in it replaced by its
// content, as it renders.
func renderCode(s string, from, to int, code []codeSpan) string {
	if len(code) == 0 || code[0].start >= to {
		return s[from:to]
	}
	var b strings.Builder
	for _, c := range code {
		if c.start >= to {
			break
		}
		b.WriteString(s[from:c.start])
		b.WriteString(s[c.inStart:c.inStop])
		from = c.stop
	}
	b.WriteString(s[from:to])
	return b.String()
}

// parseWikiContent splits "target#Heading|suffix". A suffix naming a link
// type sets the type; any other suffix is a display alias.
func parseWikiContent(raw string) (wikiMatch, bool) {
	content := unescapePunct(raw)
	m := wikiMatch{typ: LinkReferences}
	if i := strings.IndexByte(content, '|'); i >= 0 {
		suffix := strings.TrimSpace(content[i+1:])
		content = content[:i]
		if t, ok := ParseLinkType(suffix); ok {
			m.typ, m.typed = t, true
		} else {
			m.alias = suffix
		}
	}
	if i := strings.IndexByte(content, '#'); i >= 0 {
		m.heading = strings.TrimSpace(content[i+1:])
		content = content[:i]
	}
	m.target = norm.NFC.String(strings.TrimSpace(content))
	m.heading = norm.NFC.String(m.heading)
	m.alias = norm.NFC.String(m.alias)
	return m, m.target != "" || m.heading != ""
}

// unescapePunct drops the backslash of "\x" when x is ASCII punctuation.
func unescapePunct(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && isASCIIPunct(s[i+1]) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}
