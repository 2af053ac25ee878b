// Package textfold is the one definition of the form in which ubp compares
// a query with document text: Unicode compatibility composition (NFKC).
// Japanese text writes the same word in several widths: full-width Latin
// letters and digits (ＡＰＩ, １２３), half-width katakana (ｶﾞｲﾄﾞ), the
// ideographic space, Kangxi radicals that look like the kanji (⽂). Queries
// are folded (query.Normalize) and so is everything matched against them:
// the full-text tables index the folded sections (the SQL function
// SQLFunc, registered on every connection of the index), and the Go side
// folds the text it counts or highlights in. Case is folded separately
// (FTS5's tokenizers, query.Lower), since folding it keeps the rune count.
package textfold

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// SQLFunc is the name of the SQL function that folds a text value (see
// String); the full-text tables' triggers and the sections_folded view
// call it.
const SQLFunc = "ubp_nfkc"

// String returns s in NFKC. ASCII text, already in that form, is returned
// as it is without a pass of the normaliser.
func String(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFKC.String(s)
		}
	}
	return s
}

// Runes folds text like String and maps each rune of the result back to
// the runes of text it stands for: folded[i] comes from text[from[i]:to[i]]
// (a half-width ｶ and its voiced mark ﾞ become one ガ; a ㌔ becomes キロ,
// each from the same one rune). When folding changes nothing, folded is
// text and from and to are nil.
func Runes(text []rune) (folded []rune, from, to []int) {
	ascii := true
	for _, r := range text {
		if r >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	s := string(text)
	if ascii || norm.NFKC.IsNormalString(s) {
		return text, nil, nil
	}
	folded = make([]rune, 0, len(text))
	from, to = make([]int, 0, len(text)), make([]int, 0, len(text))
	var it norm.Iter
	it.InitString(norm.NFKC, s)
	// A segment's output may come in more than one Next (a long
	// expansion): its runes wait in pending until the input moves on.
	at, pos, pending := 0, 0, 0 // rune index and byte offset in s; runes not mapped yet
	for !it.Done() {
		for _, r := range string(it.Next()) {
			folded = append(folded, r)
			pending++
		}
		end := it.Pos()
		if end == pos {
			continue
		}
		n := utf8.RuneCountInString(s[pos:end])
		for range pending {
			from = append(from, at)
			to = append(to, at+n)
		}
		at, pos, pending = at+n, end, 0
	}
	return folded, from, to
}

// ChangesWords reports whether folding s changes a letter, digit or kana
// of it (ＡＢＣ, ｶﾞ, ⽂, ①, ㍻), not only punctuation or spaces (（, 　, …).
// Text for which it is false folds to itself wherever a term of letters,
// digits or kana can match, so a scan for such a term may read it as
// written.
func ChangesWords(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			if norm.NFKC.IsNormalString(s) {
				return false
			}
			break
		}
		if i == len(s)-1 {
			return false // ASCII
		}
	}
	var it norm.Iter
	it.InitString(norm.NFKC, s)
	pos := 0
	for !it.Done() {
		out := string(it.Next())
		end := it.Pos()
		in := s[pos:end]
		pos = end
		if out != in && (hasWordRune(out) || hasWordRune(in)) {
			return true
		}
	}
	return false
}

// hasWordRune reports whether s has a letter or a number.
func hasWordRune(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

// Version names the fold: a full-text table built with another one must be
// rebuilt, since FTS5 removes a row's tokens by folding its text again
// (NFKC can change when Go's Unicode tables do, for characters new to
// them). Change the suffix when String changes.
const Version = "nfkc-" + norm.Version + "/1"
