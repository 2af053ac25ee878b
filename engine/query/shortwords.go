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
// them ASCII. A name such as c# is SharpWordIndexed.
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

// A name of one letter with a sharp sign (c#, f#, j#) is a Latin word of
// two characters that the short words above cannot hold: '#' ends a word
// there ("c#" holds the short word "c"). The short-term postings keep
// each such name too: SharpWords names them in a text,
// Term.SharpWordIndexed the terms looked up there.

// SharpWords calls fn with each name of one Latin letter or digit and a
// '#' in s (c#, f#), lower-cased, once per occurrence: a run of one
// Latin-script letter or digit (as ShortWords' runs) followed by '#' and
// then by no Latin-script letter or digit. These are exactly the places
// where CountLower counts a term t with t.SharpWordIndexed() (c# is not in
// ac#, nor in c#d, where the '#' sits inside a longer name).
func SharpWords(s string, fn func(word string)) {
	var prev, letter rune // the last rune, and the letter of a pending name
	n := 0                // Latin-script runes in the current run
	sharp := false        // a name waits for the rune after its '#'
	for _, r := range s {
		r = unicode.ToLower(r)
		latin := scriptIsLatin(r)
		if sharp && !latin {
			fn(string(letter) + "#")
		}
		sharp = r == '#' && n == 1
		if sharp {
			letter = prev
		}
		if latin {
			n++
		} else {
			n = 0
		}
		prev = r
	}
	if sharp {
		fn(string(letter) + "#")
	}
}

// SharpWordIndexed reports whether the short-term postings hold every
// place where t counts (see SharpWords): a term that must stand as a
// whole word (NeedsWordBoundary), not Glued, of one lower-case Latin
// letter or digit and a '#'.
func (t Term) SharpWordIndexed() bool {
	if !t.NeedsWordBoundary() || t.Kind == Glued {
		return false
	}
	letter, size := utf8.DecodeRuneInString(t.Text)
	return size > 0 && t.Text[size:] == "#" && letter == unicode.ToLower(letter) && scriptIsLatin(letter)
}

// QuotedWord is the word that a quoted phrase t of one short Latin word
// or name is ("go", "AI", "c#"), with ok true when the short-term postings
// hold that word (ShortWordIndexed, SharpWordIndexed): the phrase counts
// exactly where the word does (its Latin ends on word ends, onPhraseEdges,
// are the word's boundaries, onWordBoundary; a name ends where SharpWords
// ends it), so its postings answer the phrase. Other terms are no such
// phrase.
func (t Term) QuotedWord() (Term, bool) {
	if t.Kind != Phrase {
		return Term{}, false
	}
	w := Term{Text: t.Text, Kind: Word, Script: ScriptLatin, Group: t.Group, Weight: t.Weight}
	if w.ShortWordIndexed() || w.SharpWordIndexed() {
		return w, true
	}
	return Term{}, false
}

// A query's compound of a kanji or kana and a digit (表1, 第2 of "第2 章")
// is a term of two characters that neither the units (no ASCII) nor
// the short words (Latin only) hold; such a term is counted as a
// substring, as written (see Term.NeedsWordBoundary), and a quoted "新1"
// where its digit ends a number (onPhraseEdges: the postings name the
// sections to count it in). The
// short-term postings keep every such pair: ScriptPairs names them in a
// text, IsScriptPair the terms looked up there.

// ScriptPairs calls fn with each two adjacent runes of s, as written, of
// which one is an ASCII lower-case letter or digit and the other a letter
// or digit of a script other than Latin (isPairRune): 新1, 1新, の2, ア3,
// once per occurrence. A term t with IsScriptPair(t) occurs in s exactly
// as often as strings.Count(s, t) counts it (its two runes differ, so no
// two occurrences overlap).
func ScriptPairs(s string, fn func(pair string)) {
	prevStart, prevKind := 0, pairNone
	for i, r := range s {
		kind := pairKind(r)
		if kind != pairNone && prevKind != pairNone && kind != prevKind {
			fn(s[prevStart : i+utf8.RuneLen(r)])
		}
		prevStart, prevKind = i, kind
	}
}

// IsScriptPair reports whether text is a pair ScriptPairs names: an ASCII
// lower-case letter or digit and a letter or digit of another script
// than Latin, in either order.
func IsScriptPair(text string) bool {
	first, size := utf8.DecodeRuneInString(text)
	second, rest := utf8.DecodeRuneInString(text[size:])
	if size == 0 || rest == 0 || size+rest != len(text) {
		return false
	}
	a, b := pairKind(first), pairKind(second)
	return a != pairNone && b != pairNone && a != b
}

// The two sides of a pair of ScriptPairs.
const (
	pairNone  = iota
	pairASCII // an ASCII lower-case letter or digit
	pairOther // a letter or digit of a script other than Latin (新, ア, の, 한)
)

func pairKind(r rune) int {
	switch {
	case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
		return pairASCII
	case r >= utf8.RuneSelf && r != utf8.RuneError:
		if s, ok := scriptOf(r, ScriptOther); ok && s != ScriptLatin && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return pairOther
		}
	}
	return pairNone
}
