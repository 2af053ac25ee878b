package query

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Normalize folds text for matching: Unicode NFKC (full-width Latin becomes
// ASCII, half-width katakana becomes full width) and simple lower case. The
// mapping is rune by rune after NFKC, so callers can lower-case a document
// the same way and compare.
func Normalize(s string) string {
	return Lower(norm.NFKC.String(s))
}

// Lower lower-cases s rune by rune (unicode.ToLower), which keeps the rune
// count unchanged, unlike strings.ToLower for a few special cases.
func Lower(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
