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

// isWordRune reports whether r makes words: a letter or digit of any
// script but Japanese (ASCII fast).
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= '0' && r <= '9'
	}
	return !isJapanese(r) && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// Tokens splits text into the terms of the latent space, in the form the
// full-text index compares (query.Normalize: NFKC, lower case): words
// (runs of letters and digits of any script but Japanese: `café`,
// `größe`, `данные`, `검색`; English function words dropped, plain
// English words stemmed by query.Stem) and runs of Japanese characters as
// overlapping character bigrams (a run of one character as itself). Every
// token is a substring of the normalised text, so the text is not copied
// token by token.
func Tokens(text string) []string {
	s := query.Normalize(text)
	var out []string
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case isJapanese(r):
			i = japaneseRun(s, i, n, &out)
		case isWordRune(r):
			j := i + n
			for j < len(s) {
				r, n := utf8.DecodeRuneInString(s[j:])
				// a combining mark (a vowel sign, a virama, a harakat)
				// belongs to the letter before it
				if !isWordRune(r) && (r < utf8.RuneSelf || !unicode.Is(unicode.M, r)) {
					break
				}
				j += n
			}
			if w := s[i:j]; !functionWords[w] {
				out = append(out, query.Stem(w))
			}
			i = j
		default:
			i += n
		}
	}
	return out
}

// japaneseRun adds the bigrams of the run of Japanese characters that
// starts at i with a character of n bytes (the character itself for a run
// of one) and returns where the run ends.
func japaneseRun(s string, i, n int, out *[]string) int {
	start, prev, prevLen := i, i, n
	i += n
	pairs := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isJapanese(r) {
			break
		}
		*out = append(*out, s[prev:i+n])
		pairs++
		prev, prevLen = i, n
		i += n
	}
	if pairs == 0 {
		*out = append(*out, s[start:start+prevLen])
	}
	return i
}

// Distinct is tokens without repeats, in first-seen order: the terms to
// read of a stored model.
func Distinct(tokens []string) []string {
	seen := make(map[string]bool, len(tokens))
	out := make([]string, 0, len(tokens))
	for _, t := range tokens {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}
