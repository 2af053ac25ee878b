package query

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// Span is a match in a text, as rune offsets [Start, End).
type Span struct {
	Start, End int
	Term       int // index of the term that matched
}

// findSpans returns every match of each term in text (already lower-cased
// rune by rune, see Lower), in order of position. Short Latin terms only
// match on word boundaries.
func findSpans(text []rune, terms []Term) []Span {
	var spans []Span
	for ti, t := range terms {
		pat := []rune(t.Text)
		if len(pat) == 0 {
			continue
		}
		for i := 0; i+len(pat) <= len(text); i++ {
			if !hasPrefixAt(text, pat, i) {
				continue
			}
			end := i + len(pat)
			if t.NeedsWordBoundary() && !onWordBoundary(text, i, end) {
				continue
			}
			if t.NeedsWordStart() && !startsWord(text, i) {
				continue
			}
			if t.Kind == Phrase && !onPhraseEdges(text, pat, i, end) {
				continue
			}
			if t.Kind == Glued && (i == 0 || !IsGlueRune(text[i-1])) {
				continue
			}
			if !onNumberEdges(text, pat, t, i, end) {
				continue
			}
			switch t.Script {
			case ScriptLatin:
				// A stem marks the whole word: "[authentication]", not
				// "[authenticat]ion".
				for end < len(text) && IsWordRune(text[end]) && scriptIsLatin(text[end]) {
					end++
				}
			case ScriptKatakana:
				// So does a katakana word searched without its closing
				// long-vowel mark: "[ワーカー]", not "[ワーカ]ー".
				for end < len(text) && text[end] == 'ー' {
					end++
				}
			}
			spans = append(spans, Span{Start: i, End: end, Term: ti})
		}
	}
	sortSpans(spans)
	return spans
}

// Occurs reports whether term t, whose text as runes is pat, occurs in
// text (already lower-cased rune by rune, see Lower) under the rules of
// findSpans: CountLower(text, t) > 0, without allocating or counting. A
// caller checking many texts converts pat once.
func Occurs(text, pat []rune, t Term) bool {
	if len(pat) == 0 {
		return false
	}
	boundary, start := t.NeedsWordBoundary(), t.NeedsWordStart()
	for i := 0; i+len(pat) <= len(text); i++ {
		if text[i] != pat[0] || !hasPrefixAt(text, pat, i) {
			continue
		}
		if boundary && !onWordBoundary(text, i, i+len(pat)) {
			continue
		}
		if start && !startsWord(text, i) {
			continue
		}
		if t.Kind == Phrase && !onPhraseEdges(text, pat, i, i+len(pat)) {
			continue
		}
		if t.Kind == Glued && (i == 0 || !IsGlueRune(text[i-1])) {
			continue
		}
		if !onNumberEdges(text, pat, t, i, i+len(pat)) {
			continue
		}
		return true
	}
	return false
}

func hasPrefixAt(text, pat []rune, i int) bool {
	for j, r := range pat {
		if text[i+j] != r {
			return false
		}
	}
	return true
}

func onWordBoundary(text []rune, start, end int) bool {
	if !startsWord(text, start) {
		return false
	}
	if end < len(text) && IsWordRune(text[end]) && scriptIsLatin(text[end]) {
		return false
	}
	return true
}

// onPhraseEdges reports whether the quoted phrase pat, found at
// text[start:end], begins and ends whole words where it begins or ends
// with a Latin letter or digit: "rust" is not in "trusted", "jumps over"
// not in "jumps overhead". An end in another script, or punctuation
// ("c++"), needs nothing.
//
// A phrase that ends in a name of a letter or digit and '#' (c#, "use
// f#") ends where the name does, as SharpWords counts it: "c#" is not in
// c#d, where the '#' sits inside a longer name.
func onPhraseEdges(text, pat []rune, start, end int) bool {
	if isLatinWordRune(pat[0]) && !startsWord(text, start) {
		return false
	}
	if endsWordOrName(pat) && end < len(text) && isLatinWordRune(text[end]) {
		return false
	}
	return true
}

// endsWordOrName reports whether the phrase pat ends with a Latin letter
// or digit, or with one and a '#' (c#).
func endsWordOrName(pat []rune) bool {
	n := len(pat)
	return isLatinWordRune(pat[n-1]) || n >= 2 && pat[n-1] == '#' && isLatinWordRune(pat[n-2])
}

func isLatinWordRune(r rune) bool { return IsWordRune(r) && scriptIsLatin(r) }

// NeedsNumberEdges reports whether t is a Latin word that begins or ends
// with a digit, whose number must then not go on in the text: ERR42 is
// not in ERR420, 2024 not in 20245 (see onNumberEdges).
func (t Term) NeedsNumberEdges() bool {
	if t.Script != ScriptLatin || t.Kind != Word && t.Kind != Glued || t.Text == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(t.Text)
	last, _ := utf8.DecodeLastRuneInString(t.Text)
	return unicode.IsDigit(first) || unicode.IsDigit(last)
}

// onNumberEdges reports whether a match of t at text[start:end] keeps its
// numbers whole: no digit right before a leading digit, none right after
// a trailing one. An identifier or an error code is a different one with
// another digit (ERR42, ERR420); until 2026-11-27 ERR420 to ERR429 ranked
// above the page of ERR42, found inside each of them.
func onNumberEdges(text, pat []rune, t Term, start, end int) bool {
	if !t.NeedsNumberEdges() {
		return true
	}
	if unicode.IsDigit(pat[0]) && start > 0 && unicode.IsDigit(text[start-1]) {
		return false
	}
	return !unicode.IsDigit(pat[len(pat)-1]) || end >= len(text) || !unicode.IsDigit(text[end])
}

// NeedsWordEdges reports whether t is a quoted phrase that begins or ends
// with a Latin letter or digit (or ends with a name such as c#), which
// must then begin or end a word where it is found (see onPhraseEdges).
func (t Term) NeedsWordEdges() bool {
	if t.Kind != Phrase || t.Text == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(t.Text)
	return isLatinWordRune(first) || endsWordOrName([]rune(t.Text))
}

// startsWord reports whether no Latin letter or digit comes right before
// text[start].
func startsWord(text []rune, start int) bool {
	return start == 0 || !IsWordRune(text[start-1]) || !scriptIsLatin(text[start-1])
}

// scriptIsLatin: a kanji or kana next to "AI" ("AIに") is still a boundary.
func scriptIsLatin(r rune) bool {
	s, ok := scriptOf(r, ScriptOther)
	return ok && s == ScriptLatin
}

func sortSpans(s []Span) {
	// Stable and allocation free, and n log n: an insertion sort took
	// 4 s over the 300,000 matches of a 5 MB paragraph on every search.
	slices.SortStableFunc(s, func(a, b Span) int {
		if a.Start != b.Start {
			return cmp.Compare(a.Start, b.Start)
		}
		return cmp.Compare(b.End, a.End)
	})
}

// Count is how often t occurs in text, compared after Normalize. Short
// Latin terms count only on word boundaries.
func Count(text string, t Term) int {
	if t.SpansLines() {
		// Any white space between a phrase's words: a line end too.
		text = strings.Join(strings.Fields(text), " ")
	}
	return CountLower([]rune(Lower(textfold.String(text))), t)
}

// CountLower is Count over text already passed through Normalize, as runes, for
// callers that count several terms in one text.
func CountLower(lower []rune, t Term) int {
	return len(findSpans(lower, []Term{t}))
}

// HasWordStart reports whether term, lower-case, occurs in text at the start
// of a word (no Latin letter or digit right before it), written in lower
// case, Title case or UPPER case. It is the quick check behind
// Term.NeedsWordStart for whole sections: no allocation, and
// strings.Index does the scanning.
func HasWordStart(text, term string) bool {
	if term == "" {
		return false
	}
	for _, form := range [...]string{term, titleASCII(term), strings.ToUpper(term)} {
		for off := 0; ; {
			i := strings.Index(text[off:], form)
			if i < 0 {
				break
			}
			at := off + i
			if at == 0 || !isASCIIWordByte(text[at-1]) {
				return true
			}
			off = at + 1
		}
	}
	return false
}

func titleASCII(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func isASCIIWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
