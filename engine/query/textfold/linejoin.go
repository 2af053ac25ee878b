package textfold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Japanese prose has no spaces between words, and editors that hard-wrap
// it break lines anywhere, inside a word too (特 / 定). CommonMark reads
// such a break as a soft break within the paragraph, and Japanese readers
// (and renderers that follow the CJK line-breaking rules) read no break at
// all. The fold takes those breaks out, so that the word is matched as one:
// a line break (LF or CRLF) with a Japanese letter right before it and,
// after the next line's indentation (spaces, tabs), a Japanese letter
// again. Everything else stays: a break after a
// space (a Markdown hard break), between paragraphs (an empty line), next
// to Latin letters or digits (English words keep a space), or next to
// punctuation (。、「), where no word is split.

// JapaneseLetter reports whether r is a letter of Japanese words: a kanji,
// a hiragana or katakana letter (half-width ones too), the prolonged sound
// mark ー, the iteration mark 々 and the voiced sound marks, in either width:
// text before the fold (snippets read it as written) and after it agree. A line break between two of them is
// inside a word (see above).
func JapaneseLetter(r rune) bool {
	switch r {
	case 'ー', '々',
		'\uff70', '\uff9e', '\uff9f', // half-width ｰ, ﾞ, ﾟ (NFKC: ー and the voiced marks)
		'\u3099', '\u309a', '\u309b', '\u309c': // the voiced and semi-voiced marks
		return true
	}
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// joinable returns the length in bytes of the break that starts at s[i]
// (a '\n', or the '\r' of "\r\n") and is to be taken out, or 0. before is
// the rune before s[i].
func joinable(s string, i int, before rune) int {
	if !JapaneseLetter(before) {
		return 0
	}
	j := i
	if s[j] == '\r' {
		j++
		if j >= len(s) || s[j] != '\n' {
			return 0
		}
	}
	j++
	for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
		j++
	}
	after, _ := utf8.DecodeRuneInString(s[j:])
	if !JapaneseLetter(after) {
		return 0
	}
	return j - i
}

// joinLines returns s without the line breaks inside Japanese words.
func joinLines(s string) string {
	i, n := nextJoin(s, 0)
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0 // s[last:i] is not yet copied
	for n > 0 {
		b.WriteString(s[last:i])
		last = i + n
		i, n = nextJoin(s, last)
	}
	b.WriteString(s[last:])
	return b.String()
}

// joinsLines reports whether joinLines changes s.
func joinsLines(s string) bool {
	_, n := nextJoin(s, 0)
	return n > 0
}

// nextJoin returns the start and the length in bytes of the first break at
// or after s[from] that joinLines takes out; n is 0 when there is none.
func nextJoin(s string, from int) (i, n int) {
	for {
		k := strings.IndexByte(s[from:], '\n')
		if k < 0 {
			return 0, 0
		}
		i = from + k
		if i > 0 && s[i-1] == '\r' {
			i--
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		if n := joinable(s, i, before); n > 0 {
			return i, n
		}
		from += k + 1
	}
}

// joinRunes takes the joined line breaks out of folded runes and of their
// map to the text (nil: each rune stands for itself), which it then
// returns, made if it was nil and anything is taken out.
func joinRunes(folded []rune, from, to []int) ([]rune, []int, []int) {
	cut := joinedRunes(folded)
	if cut == nil {
		return folded, from, to
	}
	if from == nil {
		from, to = make([]int, len(folded)), make([]int, len(folded))
		for i := range folded {
			from[i], to[i] = i, i+1
		}
	}
	out := make([]rune, 0, len(folded))
	outFrom, outTo := make([]int, 0, len(folded)), make([]int, 0, len(folded))
	for i, r := range folded {
		if cut[i] {
			continue
		}
		out = append(out, r)
		outFrom, outTo = append(outFrom, from[i]), append(outTo, to[i])
	}
	return out, outFrom, outTo
}

// joinedRunes marks the runes of rs that joinLines takes out, or returns
// nil when there are none.
func joinedRunes(rs []rune) []bool {
	var cut []bool
	for i := 1; i < len(rs); i++ {
		if rs[i] != '\r' && rs[i] != '\n' || !JapaneseLetter(rs[i-1]) {
			continue
		}
		j := i
		if rs[j] == '\r' {
			if j+1 >= len(rs) || rs[j+1] != '\n' {
				continue
			}
			j++
		}
		j++
		for j < len(rs) && (rs[j] == ' ' || rs[j] == '\t') {
			j++
		}
		if j >= len(rs) || !JapaneseLetter(rs[j]) {
			continue
		}
		if cut == nil {
			cut = make([]bool, len(rs))
		}
		for k := i; k < j; k++ {
			cut[k] = true
		}
		i = j
	}
	return cut
}
