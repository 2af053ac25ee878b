// Package termsafe makes text from documents safe to print on a terminal.
//
// File names, titles and Markdown content come from the files of a project,
// which may be a cloned repository: an escape sequence in a title could
// retitle the terminal, move the cursor or rewrite what was printed before,
// and a newline in a file name could forge an output line. Text is printed
// through Writer, which shows every control character (C0 but newline and
// tab, DEL, C1) as a visible \u00XX escape; one-line fields also go through
// Line, which escapes newline, tab and carriage return too. The escape is
// also a valid JSON string escape, so JSON output passed through Writer
// decodes to the same values.
package termsafe

import (
	"io"
	"strings"
	"unicode/utf8"
)

const hexDigits = "0123456789abcdef"

// unsafeRune reports whether r must not reach a terminal raw. Newline and
// tab are allowed when multiline is set.
func unsafeRune(r rune, multiline bool) bool {
	switch {
	case r == '\n' || r == '\t':
		return !multiline
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x80 && r <= 0x9f:
		return true
	}
	return false
}

func escape(b *strings.Builder, r rune) {
	b.WriteString(`\u00`)
	b.WriteByte(hexDigits[r>>4&0xf])
	b.WriteByte(hexDigits[r&0xf])
}

func clean(s string, multiline bool) string {
	bad := func(i int, r rune) bool {
		// "\r\n" is a line ending: harmless where newlines are allowed.
		return unsafeRune(r, multiline) && !(multiline && r == '\r' && i+1 < len(s) && s[i+1] == '\n')
	}
	first := -1
	for i, r := range s {
		if bad(i, r) {
			first = i
			break
		}
	}
	if first < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:first])
	for i := first; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if bad(i, r) {
			escape(&b, r)
		} else {
			b.WriteString(s[i : i+size]) // invalid UTF-8 passes as it is
		}
		i += size
	}
	return b.String()
}

// Text escapes the control characters of s except newline, tab and the
// carriage return of a "\r\n" line ending.
func Text(s string) string { return clean(s, true) }

// Line escapes every control character of s, newline and tab included, for
// a field printed on one line (a title, a file name).
func Line(s string) string { return clean(s, false) }

// Writer returns a writer that passes text to w through Text. Invalid UTF-8
// passes as it is (a C1 control is a valid two-byte sequence).
func Writer(w io.Writer) io.Writer { return &writer{w: w} }

type writer struct{ w io.Writer }

func (t *writer) Write(p []byte) (int, error) {
	s := string(p)
	c := Text(s)
	if c == s {
		return t.w.Write(p)
	}
	if _, err := io.WriteString(t.w, c); err != nil {
		return 0, err
	}
	return len(p), nil
}
