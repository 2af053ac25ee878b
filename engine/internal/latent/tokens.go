package latent

import (
	"unicode"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query"
)

// functionWords are English words too common to carry a topic (the shared
// BM25 baseline's list).
var functionWords = map[string]bool{}

func init() {
	for _, w := range []string{"a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "has", "have", "he", "her", "his", "i", "if", "in", "into", "is", "it", "its", "of", "on", "or", "our", "she", "so", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "were", "what", "when", "where", "which", "who", "will", "with", "you", "your", "we", "can", "do", "does", "how", "not", "no", "any", "all"} {
		functionWords[w] = true
	}
}

// isJapanese reports whether r is a kana, a kanji, the prolonged sound
// mark or the iteration mark.
func isJapanese(r rune) bool {
	return r == 'ー' || r == '々' || unicode.In(r, unicode.Hiragana, unicode.Katakana, unicode.Han)
}

// isWordByte reports whether b is an ASCII lower-case letter or digit.
func isWordByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' }

// Tokens splits text into the terms of the latent space, in the form the
// full-text index compares (query.Normalize: NFKC, lower case): English
// words (runs of ASCII letters and digits, function words dropped, stemmed
// by query.Stem) and runs of Japanese characters as overlapping character
// bigrams (a run of one character as itself). Every token is a substring
// of the normalised text, so the text is not copied token by token.
func Tokens(text string) []string {
	s := query.Normalize(text)
	var out []string
	for i := 0; i < len(s); {
		if isWordByte(s[i]) {
			j := i + 1
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			if w := s[i:j]; !functionWords[w] {
				out = append(out, query.Stem(w))
			}
			i = j
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isJapanese(r) {
			i += n
			continue
		}
		// a run of Japanese characters: each pair of neighbours, or the
		// one character of a run of one
		start, prev, prevLen := i, i, n
		i += n
		pairs := 0
		for i < len(s) {
			r, n = utf8.DecodeRuneInString(s[i:])
			if !isJapanese(r) {
				break
			}
			out = append(out, s[prev:i+n])
			pairs++
			prev, prevLen = i, n
			i += n
		}
		if pairs == 0 {
			out = append(out, s[start:start+prevLen])
		}
	}
	return out
}
