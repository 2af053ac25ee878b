package query

import (
	"strings"
	"unicode"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// Normalize folds text for matching: Unicode NFKC (textfold: full-width
// Latin becomes ASCII, half-width katakana becomes full width) and simple
// lower case. Document text is matched in the same form: the full-text
// tables index it folded, and Count and Snippet fold what they read.
func Normalize(s string) string {
	return Lower(textfold.String(s))
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
