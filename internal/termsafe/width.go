package termsafe

import (
	"unicode"

	"golang.org/x/text/width"
)

// Width is the number of terminal columns s takes: East Asian wide
// characters (kanji, kana, hangul, full-width forms) take two, combining
// marks (the U+3099 of a decomposed デ, as macOS writes file names) and
// zero-width characters (format characters such as U+200B and U+200D,
// variation selectors) none, others one, so columns of Japanese text line
// up. The CLI's tables and the text report of ubp stale measure with it.
func Width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case zeroWidth(r):
		case isWide(r):
			n += 2
		default:
			n++
		}
	}
	return n
}

// zeroWidth reports whether r takes no column of its own: a combining mark
// (nonspacing or enclosing) or a format character (zero-width space,
// joiners, direction marks; variation selectors are nonspacing marks).
func zeroWidth(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf)
}

// isWide reports whether r takes two columns: the East Asian wide and
// full-width ranges, and the pictographs past U+1F000 that Unicode makes
// wide (emoji: 🚀 in a title).
func isWide(r rune) bool {
	return (r >= 0x1100 && r <= 0x115F) || (r >= 0x2E80 && r <= 0xA4CF) ||
		(r >= 0xAC00 && r <= 0xD7A3) || (r >= 0xF900 && r <= 0xFAFF) ||
		(r >= 0xFE30 && r <= 0xFE4F) || (r >= 0xFF00 && r <= 0xFF60) ||
		(r >= 0xFFE0 && r <= 0xFFE6) || (r >= 0x20000 && r <= 0x3FFFD) ||
		(r >= 0x1F000 && r < 0x20000 && width.LookupRune(r).Kind() == width.EastAsianWide)
}
