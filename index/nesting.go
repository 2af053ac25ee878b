package index

import (
	"bytes"
	"fmt"
)

// Limits on how deeply Markdown may nest before ubp reads the deeper markup
// as plain text. Goldmark's work grows with the square of bracket nesting
// and with the product of container depth and line count, so a few hundred
// kilobytes of "[[[[…]]]]", "> > > …" or "- - - …" would cost minutes; real
// documents stay far below these limits.
const (
	// maxBracketDepth is the deepest nesting of unclosed '[' in a paragraph.
	maxBracketDepth = 32
	// maxContainerMarkers is how many block container markers ('>', list
	// bullets, ordered list numbers, an MkDocs admonition) one line may
	// open.
	maxContainerMarkers = 16
	// maxMarkerColumn is the last column at which a line may open a
	// container (deep list or admonition nesting by indentation).
	maxMarkerColumn = 64
	// maxLinkDestination is how far after "](" the ')' closing an inline
	// link's destination (and title) may be, and after "](<" the '>': from
	// each opening goldmark scans on until it closes, so a run of openings
	// that never close ("[x](" repeated) costs the square of its length
	// (256 KB: 35 s). Real destinations are a URL or a path.
	maxLinkDestination = 2048
)

// nestingLimit describes the first place where a limit was applied.
type nestingLimit struct {
	line int // 0-based body line
	what string
	// unclosed is set when the limit is on link destinations that do not
	// close, rather than on nesting.
	unclosed bool
}

// nextByte finds the first offset at or after a start where a byte occurs,
// remembering per byte value the span it has scanned: body[lo:at] holds no
// such byte and body[at] is one (or at is len(body)). Starts that mostly
// increase scan the body about once per byte value, however many queries.
type nextByte struct {
	body []byte
	lo   [256]int
	at   [256]int // -1: not asked yet
}

func newNextByte(body []byte) *nextByte {
	n := &nextByte{body: body}
	for i := range n.at {
		n.at[i] = -1
	}
	return n
}

// find returns the first offset >= from holding c, or len(body).
func (n *nextByte) find(c byte, from int) int {
	lo, at := n.lo[c], n.at[c]
	end := len(n.body)
	switch {
	case at >= 0 && lo <= from && from <= at:
		return at
	case at >= 0 && from < lo:
		end = lo // beyond it the answer is known: at
	default:
		at = -1
	}
	i := from
	for i < end && n.body[i] != c {
		i++
	}
	if i == end && at >= 0 {
		i = at
	}
	n.lo[c], n.at[c] = from, i
	return i
}

// boundNesting returns the Markdown that goldmark parses: body itself, or,
// when it nests deeper than the limits above, a copy of the same length and
// line structure in which the markup beyond the limits is blanked (the
// excess '[' and ']' of a paragraph, the excess container markers at the
// start of a line). Byte offsets and lines stay those of body, so sections
// and link positions are unaffected. limit is nil when body is untouched.
func boundNesting(body []byte) ([]byte, *nestingLimit) {
	var out []byte // copy made on the first change
	var limit *nestingLimit
	blank := func(i int, line int, what string) {
		if out == nil {
			out = append([]byte(nil), body...)
		}
		out[i] = ' '
		if limit == nil {
			limit = &nestingLimit{line: line, what: what}
		}
	}
	line, depth := 0, 0
	lineStart, blankLine := true, true
	next := newNextByte(body)
	for i := 0; i < len(body); i++ {
		if lineStart {
			i = boundLinePrefix(body, i, func(j int) { blank(j, line, "block quotes, lists or admonitions") })
			lineStart = false
			if i >= len(body) {
				break
			}
		}
		switch c := body[i]; c {
		case '\n':
			if blankLine {
				depth = 0 // a blank line ends the paragraph
			}
			line++
			lineStart, blankLine = true, true
			continue
		case ' ', '\t', '\r':
		case '\\':
			blankLine = false
			if i+1 < len(body) && body[i+1] != '\n' {
				i++
			}
		case '[':
			blankLine = false
			depth++
			if depth > maxBracketDepth {
				blank(i, line, "brackets")
			}
		case ']':
			blankLine = false
			if depth > maxBracketDepth {
				blank(i, line, "brackets")
			}
			if depth > 0 {
				depth--
			}
			if i+1 < len(body) && body[i+1] == '(' && !linkCloses(next, body, i+1) {
				// Not a link: its destination does not close in reach.
				if out == nil {
					out = append([]byte(nil), body...)
				}
				out[i+1] = ' '
				if limit == nil {
					limit = &nestingLimit{line: line, what: "link destinations", unclosed: true}
				}
			}
		default:
			blankLine = false
		}
	}
	if out == nil {
		return body, nil
	}
	return out, limit
}

// linkCloses reports whether the inline link destination opening with the
// '(' at open closes within maxLinkDestination bytes: a ')' (after the
// '>' on the same line when it starts with '<').
func linkCloses(next *nextByte, body []byte, open int) bool {
	from := open + 1
	if from < len(body) && body[from] == '<' {
		gt := next.find('>', from+1)
		if gt == len(body) || gt-open > maxLinkDestination || next.find('\n', from+1) < gt {
			return false
		}
		from = gt + 1
	}
	closing := next.find(')', from)
	return closing < len(body) && closing-open <= maxLinkDestination
}

// boundLinePrefix reads the container markers opening the line at start
// and calls blank for each byte of a marker beyond maxContainerMarkers or
// maxMarkerColumn. It returns the offset of the first byte after the
// markers' prefix.
func boundLinePrefix(b []byte, start int, blank func(int)) int {
	i, col, markers := start, 0, 0
	for i < len(b) {
		switch b[i] {
		case ' ':
			col++
			i++
			continue
		case '\t':
			col += 4 - col%4
			i++
			continue
		}
		n := markerLen(b, i)
		if n == 0 {
			return i
		}
		markers++
		if markers > maxContainerMarkers || col > maxMarkerColumn {
			for j := i; j < i+n; j++ {
				blank(j)
			}
		}
		i += n
		col += n
	}
	return i
}

// markerLen is the length of a block container marker at b[i] ('>', a
// bullet followed by white space, 1-9 digits and '.' or ')' followed by
// white space, or an MkDocs admonition's marker line up to its end), or 0.
func markerLen(b []byte, i int) int {
	spaceAt := func(j int) bool { return j >= len(b) || b[j] == ' ' || b[j] == '\t' || b[j] == '\n' || b[j] == '\r' }
	switch c := b[i]; {
	case c == '>':
		return 1
	case c == '-' || c == '*' || c == '+':
		if spaceAt(i + 1) {
			return 1
		}
	case c >= '0' && c <= '9':
		j := i
		for j < len(b) && j-i < 9 && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j < len(b) && (b[j] == '.' || b[j] == ')') && spaceAt(j+1) {
			return j - i + 1
		}
	case c == '!' || c == '?' || c == '=':
		end := i + bytes.IndexByte(b[i:], '\n')
		if end < i {
			end = len(b)
		}
		if admonitionMarkerRE.Match(bytes.TrimRight(b[i:end], " \t\r")) {
			return end - i
		}
	}
	return 0
}

// warning is the Warning for a file whose nesting was bounded.
func (l *nestingLimit) warning(path string, bodyLine int) Warning {
	if l.unclosed {
		return Warning{File: path, Line: l.line + bodyLine, Message: fmt.Sprintf(
			"Markdown link openings \"](\" whose destination does not close within %d bytes (from this line) are indexed as plain text",
			maxLinkDestination)}
	}
	return Warning{File: path, Line: l.line + bodyLine, Message: fmt.Sprintf(
		"Markdown %s nested deeper than ubp reads (from this line); the deeper markup is indexed as plain text",
		l.what)}
}
