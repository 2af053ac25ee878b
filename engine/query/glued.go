package query

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The word index (sections_words, tokenizer WordTokenizer) keeps a kanji
// or hangul run and the Latin letters and digits written against it in one
// token: 新APIの仕様 holds the token 新api, so the prefix query "api"* of
// a Word term does not find it. A Latin word written first (API新機能) is
// found, as its token starts with it. GluedWords names what the index
// misses; the short-term postings (section_units) keep those words, and a
// Glued term of the word's group looks for them there.

// gluedTerms are the Glued terms of the Word terms of terms that the word
// index serves.
func gluedTerms(terms []Term) []Term {
	var out []Term
	for _, t := range terms {
		if t.Kind == Word && t.WordIndexed() {
			out = append(out, Term{Text: t.Text, Kind: Glued, Script: ScriptLatin, Group: t.Group, Weight: 1})
		}
	}
	return out
}

// minGluedRunes is the shortest word GluedWords reports: the Word terms
// the word index serves have three characters or more (shorter ones are
// scanned with word boundaries, which a kanji before them passes).
const minGluedRunes = 3

// GluedWords calls fn with each word of s, lower-cased, that the word
// index holds inside a token and not at its start: a run of cased letters
// and digits of at least three characters written right after a glue rune
// (IsGlueRune: kanji, hangul), as in 新API連携V2 (api) or 約470MB (470mb).
func GluedWords(s string, fn func(word string)) {
	start := -1 // byte offset of the current run of letters and digits after a glue rune
	afterGlue := false
	for i, r := range s {
		switch {
		case isTokenLetter(r):
			if afterGlue && start < 0 {
				start = i
			}
			continue
		case start >= 0:
			emitGlued(s[start:i], fn)
			start = -1
		}
		afterGlue = IsGlueRune(r)
	}
	if start >= 0 {
		emitGlued(s[start:], fn)
	}
}

// isTokenLetter reports whether r is of the categories the word index's
// tokenizer keeps (WordTokenizer: Ll, Lu, Lt, Nd).
func isTokenLetter(r rune) bool {
	return unicode.IsLower(r) || unicode.IsUpper(r) || unicode.IsTitle(r) || unicode.IsDigit(r)
}

func emitGlued(w string, fn func(string)) {
	if utf8.RuneCountInString(w) >= minGluedRunes {
		fn(strings.ToLower(w))
	}
}

// IsGlueRune reports whether the word index's tokenizer keeps r inside a
// token although r is of none of the categories it is told to keep
// (isTokenLetter): SQLite's unicode61 tables give whole blocks one
// category, so most kanji and hangul syllables (all but the first of each
// block), private-use and unassigned code points, and some other scripts'
// letters and symbols join the letters beside them, while kana, 々, 〇 and
// punctuation separate. glueRanges lists them, as the tokenizer itself
// answers (see the test of engine/internal/fulltext that writes it).
func IsGlueRune(r rune) bool {
	if r < glueRanges[0][0] || isTokenLetter(r) {
		return false
	}
	i := sort.Search(len(glueRanges), func(i int) bool { return glueRanges[i][1] >= r })
	return i < len(glueRanges) && glueRanges[i][0] <= r
}

// HasGlued reports whether a word of text (see GluedWords) starts with
// prefix, as the postings of a Glued term are read.
func HasGlued(text, prefix string) bool {
	found := false
	GluedWords(text, func(w string) {
		if !found && strings.HasPrefix(w, prefix) {
			found = true
		}
	})
	return found
}
