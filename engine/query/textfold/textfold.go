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

// String returns s in NFKC, with the line breaks inside Japanese words
// taken out (see joinable). ASCII text, already in that form, is returned
// as it is without a pass of the normaliser.
func String(s string) string {
	if IsASCII(s) {
		return s
	}
	return joinLines(norm.NFKC.String(s))
}

// Runes folds text like String and maps each rune of the result back to
// the runes of text it stands for: folded[i] comes from text[from[i]:to[i]]
// (a half-width ｶ and its voiced mark ﾞ become one ガ; a ㌔ becomes キロ,
// each from the same one rune). When folding changes nothing, folded is
// text and from and to are nil.
func Runes(text []rune) (folded []rune, from, to []int) {
	folded, from, to = nfkcRunes(text)
	return joinRunes(folded, from, to)
}

// nfkcRunes is Runes without the line joins.
func nfkcRunes(text []rune) (folded []rune, from, to []int) {
	s := string(text)
	if IsASCII(s) || norm.NFKC.IsNormalString(s) {
		return text, nil, nil
	}
	folded = make([]rune, 0, len(text))
	from, to = make([]int, 0, len(text)), make([]int, 0, len(text))
	at := 0 // rune index in text of the segment
	eachSegment(s, func(in string, out []rune) bool {
		n := utf8.RuneCountInString(in)
		for _, r := range out {
			folded = append(folded, r)
			from = append(from, at)
			to = append(to, at+n)
		}
		at += n
		return true
	})
	return folded, from, to
}

// ChangesWords reports whether folding s changes a letter, digit or kana
// of it (ＡＢＣ, ｶﾞ, ⽂, ①, ㍻), not only punctuation or spaces (（, 　, …).
// Text for which it is false folds to itself wherever a term of letters,
// digits or kana can match, so a scan for such a term may read it as
// written.
func ChangesWords(s string) bool {
	if IsASCII(s) {
		return false
	}
	if joinsLines(s) {
		return true
	}
	if norm.NFKC.IsNormalString(s) {
		return false
	}
	changed := false
	eachSegment(s, func(in string, out []rune) bool {
		folded := string(out)
		changed = folded != in && (hasWordRune(folded) || hasWordRune(in))
		return !changed
	})
	return changed
}

// eachSegment calls fn with each run of s that NFKC folds on its own and
// the runes it folds to (a long expansion, which the normaliser hands over
// in parts, whole), until fn returns false. fn must not keep out.
func eachSegment(s string, fn func(in string, out []rune) bool) {
	var it norm.Iter
	it.InitString(norm.NFKC, s)
	var out []rune
	pos := 0
	for !it.Done() {
		out = append(out, []rune(string(it.Next()))...)
		end := it.Pos()
		if end == pos {
			continue
		}
		if !fn(s[pos:end], out) {
			return
		}
		pos, out = end, out[:0]
	}
	if len(out) > 0 {
		fn(s[pos:], out)
	}
}

// IsASCII reports whether s is all ASCII, which NFKC leaves as it is and
// which no Unicode normalization form writes two ways (the staleness check
// looks for a file named in another form only when a ref is not ASCII).
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
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

// Version names the fold (/2: line breaks inside Japanese words joined): a full-text table built with another one must be
// rebuilt, since FTS5 removes a row's tokens by folding its text again
// (NFKC can change when Go's Unicode tables do, for characters new to
// them). Change the suffix when String changes.
const Version = "nfkc-" + norm.Version + "/2"
