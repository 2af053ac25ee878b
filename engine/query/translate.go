package query

import (
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query/funcword"
)

// Translator gives the English glosses of a Japanese word, sense by sense,
// most common first (lexicon.Glossary is one).
type Translator interface {
	Has(word string) bool
	Senses(word string) [][]string
}

// Translation terms: a Japanese concept of the query also looks for its
// English glosses, as weaker alternatives in the concept's group, so that
// 古い finds "stale" and 依存関係 finds "dependency". A gloss counts for
// less than the word as written, and later senses less than earlier ones.
const (
	translationWeight = 0.5 // weight of a first-sense gloss
	senseDecay        = 0.8 // factor per later sense
	maxGlossTerms     = 12  // glosses per concept
	maxLemmaRunes     = 6   // longest dictionary word tried when splitting a kanji run
	maxKatakanaRunes  = 10  // longest dictionary word tried when splitting a katakana run
	maxKatakanaSplit  = 24  // longest katakana run split into words
	minSplitRunes     = 2   // shortest piece of a split kanji run
	glossWordRunes    = 2   // shortest gloss word kept
	iAdjectiveEnding  = "い" // 古く, 古かった → 古い
)

// glossFunctionWords are dropped from glosses ("searching for" → search,
// "looking up" → look).
var glossFunctionWords = map[string]bool{
	"up": true, "out": true, "off": true, "one's": true, "oneself": true, "something": true,
	"someone": true, "etc": true, "e.g": true, "very": true, "being": true, "become": true,
	"get": true, "make": true, "have": true, "so": true, "such": true, "than": true,
}

// lemmas returns the dictionary words a query run stands for. A kanji run
// is looked up with its okurigana (the hiragana after it: 仕組+み → 仕組み,
// 古+く → 古い) first, then alone; a run of three or more kanji that is not
// a word is split greedily into the longest words it starts with
// (検索精度 → 検索, 精度). A lone kanji is too ambiguous to translate without
// okurigana. Katakana runs are looked up as written.
func lemmas(tr Translator, r run, tail string) []string {
	switch r.script {
	case ScriptKatakana:
		if tr.Has(r.text) {
			return []string{r.text}
		}
		return katakanaWords(tr, []rune(r.text))
	case ScriptHan:
	default:
		return nil
	}
	n := utf8.RuneCountInString(r.text)
	if tail != "" {
		if strings.HasPrefix(tail, "く") || strings.HasPrefix(tail, "か") || strings.HasPrefix(tail, "さ") {
			if w := r.text + iAdjectiveEnding; tr.Has(w) {
				return []string{w}
			}
		}
		ts := []rune(tail)
		for k := min(len(ts), 2); k >= 1; k-- {
			if w := r.text + string(ts[:k]); tr.Has(w) {
				return []string{w}
			}
		}
	}
	if n == 1 {
		return nil
	}
	if tr.Has(r.text) {
		return []string{r.text}
	}
	if n < 3 {
		return nil
	}
	rs := []rune(r.text)
	var out []string
	for i := 0; i < len(rs); {
		found := 0
		for k := min(maxLemmaRunes, len(rs)-i); k >= minSplitRunes; k-- {
			if tr.Has(string(rs[i : i+k])) {
				found = k
				break
			}
		}
		if found == 0 {
			i++
			continue
		}
		out = append(out, string(rs[i:i+found]))
		i += found
	}
	return out
}

// katakanaWords splits a katakana run that is not a word into the words
// it is written with (リフレッシュトークン → リフレッシュ, トークン;
// データベースサーバー → データベース, サーバー): loanword compounds are
// written without a break. Only a split into words of two or more
// characters that covers the whole run counts, the one with the fewest
// words (the longer words first on a tie), so a name the glossary lacks
// (クロード) gives nothing rather than the glosses of its syllables; nil
// when there is no such split.
func katakanaWords(tr Translator, rs []rune) []string {
	n := len(rs)
	if n < 2*minSplitRunes || n > maxKatakanaSplit {
		return nil
	}
	// best[i]: fewest words covering rs[i:], next[i] the length of the
	// first of them (0: none).
	best := make([]int, n+1)
	next := make([]int, n+1)
	for i := n - 1; i >= 0; i-- {
		for k := min(maxKatakanaRunes, n-i); k >= minSplitRunes; k-- {
			if i+k < n && next[i+k] == 0 {
				continue
			}
			if next[i] != 0 && best[i+k]+1 >= best[i] {
				continue
			}
			if tr.Has(string(rs[i : i+k])) {
				best[i], next[i] = best[i+k]+1, k
			}
		}
	}
	if next[0] == 0 {
		return nil
	}
	var out []string
	for i := 0; i < n; i += next[i] {
		out = append(out, string(rs[i:i+next[i]]))
	}
	return out
}

// kanaCompound is the dictionary word that runs starts with when it spans
// a kanji run, its okurigana, another kanji run and (in part) the kana
// after it: 埋め込み, 書き込み, 割り当て, 問い合わせ. Such words are one
// concept written in four runs, and their gloss (embedding, write,
// assignment) is not that of their pieces (埋め: filling, 込み: including).
// "" when runs does not start so or no such word is in the glossary.
func kanaCompound(tr Translator, runs []run) string {
	if len(runs) < 3 || runs[0].script != ScriptHan || runs[1].script != ScriptHiragana || runs[2].script != ScriptHan ||
		utf8.RuneCountInString(runs[1].text) > 2 {
		return ""
	}
	stem := runs[0].text + runs[1].text + runs[2].text
	if len(runs) > 3 && runs[3].script == ScriptHiragana {
		ts := []rune(runs[3].text)
		for k := min(len(ts), 2); k >= 1; k-- {
			if w := stem + string(ts[:k]); tr.Has(w) {
				return w
			}
		}
	}
	if utf8.RuneCountInString(stem) >= 3 && tr.Has(stem) {
		return stem
	}
	return ""
}

// glossTerms turns the senses of the lemmas of group g into Translation
// terms, skipping texts already searched for.
func glossTerms(tr Translator, words []string, g int, seen map[string]bool) []Term {
	var out []Term
	for _, w := range words {
		for k, sense := range tr.Senses(w) {
			weight := translationWeight
			for range k {
				weight *= senseDecay
			}
			for _, gloss := range sense {
				text, plain := glossText(gloss)
				if text == "" || seen[text] || len(out) == maxGlossTerms {
					continue
				}
				seen[text] = true
				out = append(out, Term{Text: text, Kind: Translation, Script: ScriptLatin, Group: g, Weight: weight, Gloss: plain})
			}
		}
	}
	return out
}

// glossText is the search text of a gloss (its content words, stemmed) and
// the content words as written; "" when nothing is left or more than two
// words are.
func glossText(gloss string) (search, plain string) {
	var words []string
	for _, w := range strings.Fields(Normalize(gloss)) {
		if funcword.English(w) || glossFunctionWords[w] {
			continue
		}
		words = append(words, w)
	}
	switch len(words) {
	case 1:
		if utf8.RuneCountInString(words[0]) < glossWordRunes {
			return "", ""
		}
		return Stem(words[0]), words[0]
	case 2:
		p := words[0] + " " + words[1]
		return p, p
	}
	return "", ""
}

// Spelling variants of a katakana loanword. Style guides disagree on the
// long-vowel mark inside a word as well as at its end (インターフェース,
// JIS's インタフェース) and on ー or イ after an e-row kana (インターフェイス),
// and a substring of one spelling is not a substring of another, so a
// query finds only the pages that spell the word its way. A katakana word
// of the query also looks for the spellings the glossary lists that differ
// from it by at most maxVariantEdits such edits and share a gloss with it:
// ビル (building) does not look for ビール (beer).
const (
	maxVariantEdits  = 2
	minVariantRunes  = 3 // shortest katakana word whose variants are looked for
	maxVariantsSplit = 8 // most variants of one word
)

// katakanaVariants returns the glossary's other spellings of the katakana
// word w (see maxVariantEdits), nearest first, or nil.
func katakanaVariants(tr Translator, w string) []string {
	rs := []rune(w)
	if tr == nil || len(rs) < minVariantRunes || !tr.Has(w) {
		return nil
	}
	glosses := map[string]bool{}
	for _, sense := range tr.Senses(w) {
		for _, g := range sense {
			glosses[g] = true
		}
	}
	seen := map[string]bool{w: true}
	var out []string
	level := [][]rune{rs}
	for range maxVariantEdits {
		var next [][]rune
		for _, v := range level {
			for _, c := range longVowelEdits(v) {
				s := string(c)
				if seen[s] {
					continue
				}
				seen[s] = true
				next = append(next, c)
				if tr.Has(s) && sharesGloss(tr.Senses(s), glosses) {
					out = append(out, s)
					if len(out) == maxVariantsSplit {
						return out
					}
				}
			}
		}
		level = next
	}
	return out
}

// longVowelEdits returns the spellings one edit away from rs: a long-vowel
// mark inside the word taken out, one added after a kana that has none
// (not at the end: katakanaStem already finds both there), or, after an
// e-row kana, ー written イ or イ written ー.
func longVowelEdits(rs []rune) [][]rune {
	var out [][]rune
	edit := func(i int, with ...rune) {
		c := make([]rune, 0, len(rs)+1)
		c = append(c, rs[:i]...)
		c = append(c, with...)
		out = append(out, append(c, rs[i:]...))
	}
	for i := 1; i < len(rs); i++ {
		prev, r := rs[i-1], rs[i]
		switch {
		case r == prolongedSoundMark && i < len(rs)-1 && prev != prolongedSoundMark:
			c := append(append([]rune{}, rs[:i]...), rs[i+1:]...)
			out = append(out, c)
			if eRow(prev) {
				c := append([]rune{}, rs...)
				c[i] = 'イ'
				out = append(out, c)
			}
		case r == 'イ' && eRow(prev):
			c := append([]rune{}, rs...)
			c[i] = prolongedSoundMark
			out = append(out, c)
		case r != prolongedSoundMark && prev != prolongedSoundMark && isKatakanaLetter(prev):
			edit(i, prolongedSoundMark)
		}
	}
	return out
}

// eRow reports whether r is a katakana of the e row (エ, ケ, ゲ, ..., small
// ェ), after which ー and イ both write the long e.
func eRow(r rune) bool {
	return strings.ContainsRune("ェエケゲセゼテデネヘベペメレヱ", r)
}

func isKatakanaLetter(r rune) bool { return r >= 'ァ' && r <= 'ヺ' }

func sharesGloss(senses [][]string, glosses map[string]bool) bool {
	for _, sense := range senses {
		for _, g := range sense {
			if glosses[g] {
				return true
			}
		}
	}
	return false
}
