package query

import (
	"unicode"
	"unicode/utf8"
)

// Latin words of one or two characters (go, ai, x, 1, UI in 新UI) are too
// short for the trigram index and must stand as whole words (see
// Term.NeedsWordBoundary). The short-term postings (section_units) keep
// every such word, so that a search reads the sections holding one and no
// other: ShortWords names them in a text, Term.ShortWordIndexed the terms
// looked up there.

// maxShortWordRunes is the longest word ShortWords reports: longer Latin
// words are found through the FTS5 tables (Term.FTS).
const maxShortWordRunes = 2

// ShortWords calls fn with each Latin word of s of one or two characters,
// lower-cased, once per occurrence: a maximal run of Latin-script letters
// and digits (those of scriptIsLatin; '_', punctuation and other scripts
// end it), that holds an ASCII character. These are exactly the places
// where CountLower counts a term t with t.ShortWordIndexed(). A word of
// non-ASCII letters only (да, é) is left out: such a term is a unit of the
// postings already, found as a substring.
func ShortWords(s string, fn func(word string)) {
	var buf [maxShortWordRunes * utf8.UTFMax]byte
	n, ascii := 0, false // runes of the current run, and whether one is ASCII
	word := buf[:0]
	flush := func() {
		if n > 0 && n <= maxShortWordRunes && ascii {
			fn(string(word))
		}
		n, ascii, word = 0, false, buf[:0]
	}
	for _, r := range s {
		r = unicode.ToLower(r)
		if !scriptIsLatin(r) {
			flush()
			continue
		}
		n++
		if n <= maxShortWordRunes {
			word = utf8.AppendRune(word, r)
			ascii = ascii || r < utf8.RuneSelf
		}
	}
	flush()
}

// ShortWordIndexed reports whether the short-term postings hold every
// place where t counts (see ShortWords): a term that must stand as a whole
// word (NeedsWordBoundary) of one or two Latin letters or digits, one of
// them ASCII. Others (c#, a term with a joiner) are found by a scan of the
// sections.
func (t Term) ShortWordIndexed() bool {
	if !t.NeedsWordBoundary() || t.Kind == Glued {
		return false
	}
	n, ascii := 0, false
	for _, r := range t.Text {
		if r != unicode.ToLower(r) || !scriptIsLatin(r) {
			return false
		}
		n++
		ascii = ascii || r < utf8.RuneSelf
	}
	return n >= 1 && n <= maxShortWordRunes && ascii
}
