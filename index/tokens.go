package index

import (
	"unicode"
	"unicode/utf8"
)

// TokensPerWordTenths is the tokens per word, in tenths, of the token
// estimate. ubp has no tokenizer at index time, so section sizes are
// estimated from the text alone:
//
//	tokens = cjkChars + ceil(words × TokensPerWordTenths / 10)
//
// where cjkChars counts every Han, Hiragana, Katakana or Hangul character,
// CJK punctuation (U+3001–U+303F), the prolonged sound mark 'ー' and
// fullwidth forms (U+FF01–U+FF60, U+FFE0–U+FFEE) — each is about one token
// for multilingual tokenizers — and words counts every maximal run of other
// letters, digits and combining marks (an English word ≈ 1.3 tokens).
// Whitespace, punctuation and symbols count nothing.
const TokensPerWordTenths = 13

// EstimateTokens estimates how many model tokens s holds (see
// TokensPerWordTenths for the formula). It is fast, allocation free and
// never negative.
func EstimateTokens(s string) int {
	return tokensFromUnits(countTokenUnits(s))
}

func tokensFromUnits(cjk, words int) int {
	return cjk + (words*TokensPerWordTenths+9)/10
}

// countTokenUnits counts CJK characters and words (runs of other letters,
// digits and marks) in s.
func countTokenUnits(s string) (cjk, words int) {
	inWord := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			if isASCIIWordByte(c) {
				if !inWord {
					words++
					inWord = true
				}
			} else {
				inWord = false
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case isCJK(r):
			cjk++
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			if !inWord {
				words++
				inWord = true
			}
		default:
			inWord = false
		}
	}
	return cjk, words
}

func isASCIIWordByte(c byte) bool { return asciiWord[c] }

var asciiWord = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	return t
}()

// isCJK reports whether r is a character counted as one token on its own.
func isCJK(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r >= 0x3001 && r <= 0x303F, // CJK symbols and punctuation (not the ideographic space)
		r == 0x30FC,                // ー prolonged sound mark (script Common)
		r >= 0xFF01 && r <= 0xFF60, // fullwidth ASCII forms
		r >= 0xFFE0 && r <= 0xFFEE: // fullwidth signs, halfwidth symbols
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
