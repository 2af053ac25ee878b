package query

import "unicode"

// Script is the writing system of a run of query text.
type Script uint8

// Scripts the segmenter tells apart.
const (
	ScriptOther    Script = iota // letters of scripts not listed below (Hangul, Thai ...)
	ScriptLatin                  // Latin, Greek and Cyrillic letters and all digits
	ScriptHan                    // kanji, with 々 and 〆
	ScriptKatakana               // katakana, with the long-vowel mark ー
	ScriptHiragana               // hiragana
)

func (s Script) String() string {
	switch s {
	case ScriptLatin:
		return "latin"
	case ScriptHan:
		return "han"
	case ScriptKatakana:
		return "katakana"
	case ScriptHiragana:
		return "hiragana"
	default:
		return "other"
	}
}

const (
	prolongedSoundMark = 'ー' // U+30FC, script Common
	iterationMark      = '々' // U+3005
	closingMark        = '〆' // U+3006
)

// scriptOf classifies one rune. ok is false for separators: spaces,
// punctuation and symbols. ー takes the script of the rune before it (prev).
func scriptOf(r rune, prev Script) (s Script, ok bool) {
	switch {
	case r == prolongedSoundMark:
		if prev == ScriptHiragana {
			return ScriptHiragana, true
		}
		return ScriptKatakana, true
	case r == iterationMark || r == closingMark || unicode.Is(unicode.Han, r):
		return ScriptHan, true
	case unicode.Is(unicode.Katakana, r):
		return ScriptKatakana, true
	case unicode.Is(unicode.Hiragana, r):
		return ScriptHiragana, true
	case unicode.IsDigit(r) || unicode.Is(unicode.Latin, r) || unicode.Is(unicode.Greek, r) || unicode.Is(unicode.Cyrillic, r):
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return ScriptLatin, true
		}
		return 0, false
	case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Mn, r):
		return ScriptOther, true
	}
	return 0, false
}

// isWordJoiner reports whether r may sit inside a Latin word ("sqlite-vec",
// "source_refs", "config.search", "src/index").
func isWordJoiner(r rune) bool {
	return r == '-' || r == '_' || r == '.' || r == '/'
}

// IsWordRune reports whether r is part of a word for boundary checks of
// short Latin terms: letters, digits and '_'.
func IsWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isIndexedWordRune reports whether r is one the word index's tokenizer
// (unicode61 with categories 'Ll Lu Lt Nd', see migration 0010) keeps
// inside a token, for a Latin-script word: a cased letter or a decimal
// digit of Latin, Greek or Cyrillic.
func isIndexedWordRune(r rune) bool {
	if !unicode.IsDigit(r) && !unicode.IsLower(r) && !unicode.IsUpper(r) && !unicode.IsTitle(r) {
		return false
	}
	s, ok := scriptOf(r, ScriptOther)
	return ok && s == ScriptLatin
}
