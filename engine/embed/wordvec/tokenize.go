package wordvec

import (
	"unicode"
	"unicode/utf8"
)

// Tokenisation turns text into vocabulary words:
//
//   - A token is a maximal run of Latin letters and ASCII digits (fullwidth
//     forms are folded first). Everything else separates tokens: spaces,
//     punctuation, hyphens, underscores, apostrophes and every non-Latin
//     script, so Japanese text contributes only the Latin words written
//     inside it ("Embeddingモデル" gives "embedding").
//   - A token is lower-cased and looked up whole first ("JavaScript" →
//     "javascript", "utf8"). If the model does not know it, it is cut at
//     case changes and letter/digit changes ("hybridSearch" → hybrid,
//     search; "HTTPServer" → http, server; "sha256" → sha) and each part is
//     looked up. snake_case and hyphenated words are cut by the separators.
//   - A word still unknown gets a light suffix fallback, first match wins:
//     -ies → -y, -es → -, -s → - (not -ss), -ing → -, -e, or the doubled
//     consonant dropped, -ed → the same three ("embeddings" → "embedding",
//     "queries" → "query", "cached" → "cache", "mapped" → "map"). Words of
//     three letters or fewer are never stemmed.
//   - Runs longer than maxTokenRunes (hashes, base64) are skipped.
const maxTokenRunes = 64

// tokenizer holds reusable buffers; one per Embed call.
type tokenizer struct {
	m     *Model
	runes []rune
	lower []byte
	cuts  []int // byte offsets in lower where a part starts (after 0)
	stem  []byte
}

// foldWidth maps fullwidth ASCII variants (Ａ, ｚ, ０) to ASCII.
func foldWidth(r rune) rune {
	if r >= 0xFF01 && r <= 0xFF5E {
		return r - 0xFEE0
	}
	return r
}

func isTokenRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return unicode.Is(unicode.Latin, r)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// each calls fn with the index of every known word of text, in order.
func (t *tokenizer) each(text string, fn func(i int)) {
	t.runes = t.runes[:0]
	for _, r := range text {
		r = foldWidth(r)
		if isTokenRune(r) {
			t.runes = append(t.runes, r)
			continue
		}
		if len(t.runes) > 0 {
			t.token(fn)
			t.runes = t.runes[:0]
		}
	}
	if len(t.runes) > 0 {
		t.token(fn)
	}
}

// token looks up the run in t.runes.
func (t *tokenizer) token(fn func(i int)) {
	rs := t.runes
	if len(rs) > maxTokenRunes {
		return
	}
	t.lower = t.lower[:0]
	t.cuts = t.cuts[:0]
	for k, r := range rs {
		if k > 0 && isCut(rs[k-1], r, rs[k+1:]) {
			t.cuts = append(t.cuts, len(t.lower))
		}
		t.lower = utf8.AppendRune(t.lower, unicode.ToLower(r))
	}
	if i := t.m.lookup(t.lower); i >= 0 {
		fn(i)
		return
	}
	if len(t.cuts) == 0 {
		if i := t.fallback(t.lower); i >= 0 {
			fn(i)
		}
		return
	}
	start := 0
	for k := 0; k <= len(t.cuts); k++ {
		end := len(t.lower)
		if k < len(t.cuts) {
			end = t.cuts[k]
		}
		part := t.lower[start:end]
		start = end
		if i := t.m.lookup(part); i >= 0 {
			fn(i)
		} else if i := t.fallback(part); i >= 0 {
			fn(i)
		}
	}
}

// isCut reports whether a part starts at cur, given the rune before it and
// the runes after it.
func isCut(prev, cur rune, next []rune) bool {
	switch {
	case isDigit(prev) != isDigit(cur):
		return true
	case unicode.IsLower(prev) && unicode.IsUpper(cur):
		return true // hybridSearch
	case unicode.IsUpper(prev) && unicode.IsUpper(cur) && len(next) > 0 && unicode.IsLower(next[0]):
		return true // HTTPServer: the S starts "Server"
	}
	return false
}

// fallback tries the suffix rules on an unknown lower-case word.
func (t *tokenizer) fallback(w []byte) int {
	if utf8.RuneCount(w) <= 3 || isDigit(rune(w[0])) {
		return -1
	}
	try := func(base []byte, suffix string) int {
		if len(base) < 2 {
			return -1
		}
		t.stem = append(append(t.stem[:0], base...), suffix...)
		return t.m.lookup(t.stem)
	}
	has := func(s string) bool { return len(w) > len(s) && string(w[len(w)-len(s):]) == s }
	cut := func(s string) []byte { return w[:len(w)-len(s)] }
	first := func(is ...int) int {
		for _, i := range is {
			if i >= 0 {
				return i
			}
		}
		return -1
	}
	switch {
	case has("ies"):
		return first(try(cut("ies"), "y"), try(cut("s"), ""))
	case has("ss"):
		return -1
	case has("es"):
		return first(try(cut("es"), ""), try(cut("s"), ""))
	case has("s"):
		return try(cut("s"), "")
	case has("ing"):
		return first(try(cut("ing"), ""), try(cut("ing"), "e"), try(undouble(cut("ing")), ""))
	case has("ed"):
		return first(try(cut("ed"), ""), try(cut("d"), ""), try(undouble(cut("ed")), ""))
	}
	return -1
}

// undouble drops the last byte of a stem ending in a doubled consonant
// ("mapp" → "map"), or returns nil.
func undouble(b []byte) []byte {
	n := len(b)
	if n < 3 || b[n-1] != b[n-2] {
		return nil
	}
	switch b[n-1] {
	case 'a', 'e', 'i', 'o', 'u', 's', 'l':
		return nil // "add", "pass", "call" keep both letters
	}
	return b[:n-1]
}

// IsVocabularyWord reports whether w is a word the tokeniser can produce
// whole: lower case, only Latin letters and ASCII digits, at least one
// letter, at most maxTokenRunes runes. Model files keep only such words.
func IsVocabularyWord(w string) bool {
	n, letters := 0, 0
	for _, r := range w {
		n++
		if !isTokenRune(r) || foldWidth(r) != r || unicode.ToLower(r) != r {
			return false
		}
		if !isDigit(r) {
			letters++
		}
	}
	return letters > 0 && n <= maxTokenRunes
}
