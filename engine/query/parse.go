package query

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/query/funcword"
)

// Kind says how a term came out of the query text.
type Kind uint8

// Term kinds.
const (
	Word     Kind = iota // a whole run of one script
	Phrase               // text the user put in quotes
	Gram                 // an overlapping 2-gram of a long kanji run
	Compound             // adjacent runs joined as written; a bonus, not a concept
	// Translation is an English gloss of a Japanese word: a weaker
	// alternative in that word's group (see Translator).
	Translation
	// Bigram is two adjacent characters of Japanese query text, across
	// script runs and particles (権の, 値が, 待機): a small bonus, not a
	// concept (see japaneseBigrams).
	Bigram
	// Glued is a Word of the word index (Term.WordIndexed) looked for
	// where that index cannot see it: written right after a kanji or
	// hangul with no space (新API, 再帰CTE, 約470MB), which the index's
	// tokenizer keeps in one token with them. Another term of the word's
	// group (see GluedWords).
	Glued
)

func (k Kind) String() string {
	switch k {
	case Phrase:
		return "phrase"
	case Gram:
		return "gram"
	case Compound:
		return "compound"
	case Translation:
		return "translation"
	case Bigram:
		return "bigram"
	case Glued:
		return "glued"
	default:
		return "word"
	}
}

// Term is one thing to look for.
type Term struct {
	Text   string // normalised (see Normalize)
	Kind   Kind
	Script Script // of the run; ScriptOther for phrases and mixed compounds
	// Group is the index in Query.Groups of the concept this term stands
	// for; -1 for Compound and Bigram bonus terms.
	Group int
	// Weight is the share of its group a term carries: 1 for words and
	// phrases, 1/√n for each of the n grams of a long kanji run (gramWeight).
	Weight float64
	// Gloss is the English gloss a Translation term was made from, as the
	// dictionary writes it (Text is its search stem).
	Gloss string
}

// Runes is the length of the term in characters.
func (t Term) Runes() int { return utf8.RuneCountInString(t.Text) }

// FTS reports whether the trigram index can find the term (three or more
// characters). Shorter terms need a substring scan.
func (t Term) FTS() bool { return t.Runes() >= 3 }

// NeedsWordBoundary reports whether a substring match must also sit on word
// boundaries to count: short Latin terms ("ai", "go") are otherwise found
// inside unrelated words.
func (t Term) NeedsWordBoundary() bool {
	return t.Script == ScriptLatin && !t.FTS()
}

// NeedsWordStart reports whether a match must begin a word: an English
// gloss is a guess at the user's meaning, and inside another word ("old" in
// "threshold") it is noise; so is a three-letter word ("use" in "because",
// "art" in "start", "map" in "bitmap"). Longer words still match inside
// others ("index" in "reindex"), which the repository's own set needs.
func (t Term) NeedsWordStart() bool {
	if t.Script != ScriptLatin {
		return false
	}
	return t.Kind == Translation || t.Kind == Word && t.Runes() <= shortWordRunes
}

// WordIndexed reports whether the word-level index (FTS5 unicode61, one
// token per word; see WordTokenizer) serves the term instead of the
// trigram index: a term that must begin a word (NeedsWordStart) of three
// or more characters, all letters and digits. It is looked up as a prefix
// of the indexed words, so it finds every word that starts with it ("use"
// finds "users") and none that merely contains it ("old" is not in
// "threshold"), with no reading of section text to check word starts.
//
// Longer words keep the trigram index and its substring matches: routing
// every Latin word to the word index lowered the repository's own set by
// 0.049 MRR@10 and medline by 0.018 nDCG@10 (make eval; words of up to 4,
// 5, 6 or 8 letters lowered the own set by 0.049 too). Phrases, glosses of
// several words, identifiers with joiners ("sqlite-vec"), Japanese and
// other scripts keep the trigram index (and the units of short terms).
func (t Term) WordIndexed() bool {
	if !t.NeedsWordStart() || !t.FTS() {
		return false
	}
	for _, r := range t.Text {
		if !isIndexedWordRune(r) {
			return false
		}
	}
	return true
}

// shortWordRunes is the longest Latin word that must begin a word to match.
// Measured at 3 and 4 on every set: 3 raised cisi (+0.001) and medline
// (+0.001) and lowered none; 4 lowered the repository's own set by 0.025.
const shortWordRunes = 3

// Query is a parsed search text.
type Query struct {
	Text   string   // the normalised input
	Terms  []Term   // words and phrases first, then grams, then compounds
	Groups []string // each concept as written (normalised), by group index
	// Freq is how many times each group's word or phrase occurs in the
	// query (the query term frequency of BM25), by group index.
	Freq []int
	// Cut says what of the text the terms leave out, "" for nothing: the
	// characters after the first MaxRunes, the concepts after the first
	// MaxConcepts. Search answers pass it on (query_cut), so a long query
	// is never cut without a word.
	Cut string
}

// Empty reports whether the query has nothing to look for.
func (q Query) Empty() bool { return len(q.Terms) == 0 }

// Parts returns the groups written inside a compound term t (ms以内: ms and
// 以内; ファイル変更 from ファイルの変更: ファイル and 変更), nil for other
// terms. Found as written, a compound holds each of them, even where one
// is no word of its own there (the ms of 200ms以内).
func (q Query) Parts(t Term) []int {
	if t.Kind != Compound {
		return nil
	}
	var out []int
	for g, written := range q.Groups {
		if written != "" && strings.Contains(t.Text, written) {
			out = append(out, g)
		}
	}
	return out
}

// FunctionWord reports whether group g is a function word (how, do, I;
// 何: funcword.Is), a term only because the query has nothing else. Such
// a word is in any kind of text: it tells nothing of what the user is
// after, however few sections of a project hold it.
func (q Query) FunctionWord(g int) bool {
	if g < 0 || g >= len(q.Groups) {
		return false
	}
	for _, t := range q.Terms {
		if t.Group == g && t.Kind == Phrase {
			return false // written in quotes: the user wants it
		}
	}
	return funcword.Is(q.Groups[g])
}

// GroupTerms returns the terms of group g.
func (q Query) GroupTerms(g int) []Term {
	var out []Term
	for _, t := range q.Terms {
		if t.Group == g {
			out = append(out, t)
		}
	}
	return out
}

// Limits that keep a pasted paragraph from turning into hundreds of scans.
// 48 concepts (from 24) let a long question (cisi's run to 100+ words) keep
// its later concepts: cisi nDCG@10 +0.001, medline +0.002, no set lower.
const (
	maxGroups = MaxConcepts
	maxTerms  = 96
	// maxTranslations bounds the English glosses of a query (each one is
	// a scan of the index).
	maxTranslations = 32
	maxRunes        = MaxRunes
)

// The most of a query that search reads: its first MaxRunes characters
// (after normalisation), and in them its first MaxConcepts distinct words
// and phrases. Query.Cut says when a query was longer.
const (
	MaxRunes    = 1000
	MaxConcepts = 48
)

// compoundParticles join two nouns that Japanese also writes as one
// compound: XのY → XY (ファイルの変更 → ファイル変更), XをY → XY (変更を検出 →
// 変更検出).
var compoundParticles = map[string]bool{"の": true, "を": true}

// run is a maximal stretch of one script inside a chunk.
type run struct {
	text   string
	script Script
}

// Parse turns search text into terms. It never fails: blank text gives an
// empty Query, and text of only punctuation or symbols is one phrase.
func Parse(text string) Query { return ParseTranslated(text, nil) }

// ParseTranslated is Parse that also adds the English glosses of the query's
// Japanese words from tr as Translation terms (nil: none).
func ParseTranslated(text string, tr Translator) Query {
	s := Normalize(text)
	cutRunes := false
	if utf8.RuneCountInString(s) > maxRunes {
		s = string([]rune(s)[:maxRunes])
		cutRunes = true
	}
	q := Query{Text: strings.TrimSpace(s)}
	dropped := 0 // concepts past maxGroups
	phrases, rest := splitPhrases(s)
	chunks := segment(rest)

	// Decide what survives: hiragana and function words only when nothing
	// else would.
	hasContent := len(phrases) > 0
	for _, c := range chunks {
		for _, r := range c {
			if keepRun(r, false) {
				hasContent = true
			}
		}
	}

	seen := map[string]bool{}
	groupOf := map[string]int{} // word or phrase text → its group
	var grams, compounds, translations []Term
	type pending struct {
		r        run
		tail     string
		compound string // a word spanning this run and the next ones (埋め込み), or ""
		group    int
	}
	var toTranslate []pending
	addGroup := func(label, text string) int {
		q.Groups = append(q.Groups, label)
		q.Freq = append(q.Freq, 1)
		groupOf[text] = len(q.Groups) - 1
		return len(q.Groups) - 1
	}
	for _, p := range phrases {
		if g, ok := groupOf[p]; ok {
			q.Freq[g]++
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		if len(q.Groups) >= maxGroups {
			dropped++
			continue
		}
		g := addGroup(p, p)
		q.Terms = append(q.Terms, Term{Text: p, Kind: Phrase, Script: ScriptOther, Group: g, Weight: 1})
	}
	for _, c := range chunks {
		var joined []run // adjacent kept runs, for the compound bonus
		flush := func() {
			if len(joined) >= 2 {
				var b strings.Builder
				script := joined[0].script
				for _, r := range joined {
					b.WriteString(r.text)
					if r.script != script {
						script = ScriptOther
					}
				}
				compounds = append(compounds, Term{Text: b.String(), Kind: Compound, Script: script, Group: -1, Weight: 1})
			}
			joined = joined[:0]
		}
		var prev *run // last kept run of the chunk
		var gap []run // runs dropped since prev
		for i := range c {
			r := c[i]
			if !keepRun(r, !hasContent) {
				flush()
				gap = append(gap, r)
				continue
			}
			if prev != nil && len(gap) == 1 && compoundParticles[gap[0].text] {
				// "ファイルの変更" is also written "ファイル変更".
				compounds = append(compounds, Term{Text: prev.text + r.text, Kind: Compound, Script: ScriptOther, Group: -1, Weight: 1})
			}
			prev, gap = &c[i], gap[:0]
			joined = append(joined, r)
			text := r.text
			switch r.script {
			case ScriptLatin:
				text = Stem(text) // "staleness" also finds "stale"
			case ScriptKatakana:
				text = katakanaStem(text) // "サーバー" also finds "サーバ"
			}
			if g, ok := groupOf[text]; ok {
				q.Freq[g]++
			}
			if seen[text] {
				continue
			}
			seen[text] = true
			if len(q.Groups) >= maxGroups {
				dropped++
				continue
			}
			g := addGroup(r.text, text)
			q.Terms = append(q.Terms, Term{Text: text, Kind: Word, Script: r.script, Group: g, Weight: 1})
			if r.script == ScriptKatakana && tr != nil && !tr.Has(r.text) {
				// データベーススキーマ is also written データベース・スキーマ.
				if parts := katakanaWords(tr, []rune(r.text)); len(parts) >= 2 {
					for _, p := range parts {
						grams = append(grams, Term{Text: katakanaStem(p), Kind: Gram, Script: ScriptKatakana, Group: g, Weight: gramWeight(len(parts))})
					}
				}
			}
			if r.script == ScriptKatakana {
				// インタフェース also finds インターフェース and インターフェイス.
				for _, v := range katakanaVariants(tr, r.text) {
					if v = katakanaStem(v); !seen[v] {
						seen[v] = true
						q.Terms = append(q.Terms, Term{Text: v, Kind: Word, Script: ScriptKatakana, Group: g, Weight: 1})
					}
				}
			}
			if r.script == ScriptHan {
				grams = append(grams, kanjiGrams(r.text, g)...)
				if i+1 < len(c) && c[i+1].script == ScriptHiragana {
					if t, ok := okuriganaTerm(r.text, c[i+1].text, g); ok && !seen[t.Text] {
						seen[t.Text] = true
						// The lone kanji weighs less than its okurigana form.
						last := &q.Terms[len(q.Terms)-1]
						last.Kind, last.Weight = Gram, loneKanjiWeight
						q.Terms = append(q.Terms, t)
					}
				}
			}
			if tr != nil {
				var tail string
				if i+1 < len(c) && c[i+1].script == ScriptHiragana {
					tail = c[i+1].text
				}
				toTranslate = append(toTranslate, pending{r, tail, kanaCompound(tr, c[i:]), g})
			}
		}
		flush()
	}
	for _, t := range append(grams, compounds...) {
		if seen[t.Text] {
			continue
		}
		seen[t.Text] = true
		q.Terms = append(q.Terms, t)
	}
	q.Terms = append(q.Terms, gluedTerms(q.Terms)...)
	// Translations come last, so the term limit drops them first.
	for _, p := range toTranslate {
		words := lemmas(tr, p.r, p.tail)
		if p.compound != "" {
			words = append([]string{p.compound}, words...)
		}
		translations = append(translations, glossTerms(tr, words, p.group, seen)...)
	}
	if len(translations) > maxTranslations {
		translations = translations[:maxTranslations]
	}
	q.Terms = append(q.Terms, translations...)
	if len(q.Terms) > maxTerms {
		q.Terms = q.Terms[:maxTerms]
	}
	q.Terms = append(q.Terms, japaneseBigrams(chunks, seen)...)
	if len(q.Terms) == 0 && q.Text != "" {
		// Only punctuation or symbols ("->", "::"): look for them as written.
		p := strings.Join(strings.Fields(q.Text), " ")
		q.Groups = []string{p}
		q.Freq = []int{1}
		q.Terms = []Term{{Text: p, Kind: Phrase, Script: ScriptOther, Group: 0, Weight: 1}}
	}
	q.Cut = cutSentence(cutRunes, dropped)
	return q
}

// keepRun decides whether a run becomes a term. lenient is set when the
// query has nothing better, so function words and hiragana are kept.
func keepRun(r run, lenient bool) bool {
	n := utf8.RuneCountInString(r.text)
	switch r.script {
	case ScriptHiragana:
		return lenient
	case ScriptLatin:
		if lenient {
			return true
		}
		return n >= 2 && !funcword.English(r.text) || isDigits(r.text)
	case ScriptKatakana:
		return n >= 2 || lenient
	case ScriptHan:
		return lenient || !funcword.Japanese(r.text)
	default:
		return true
	}
}

func isDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

// kanjiGrams gives the overlapping 2-grams of a kanji run of four or more
// characters, sharing one unit of weight.
func kanjiGrams(text string, group int) []Term {
	rs := []rune(text)
	if len(rs) < 4 {
		return nil
	}
	n := len(rs) - 1
	out := make([]Term, 0, n)
	for i := 0; i+2 <= len(rs); i++ {
		out = append(out, Term{Text: string(rs[i : i+2]), Kind: Gram, Script: ScriptHan, Group: group, Weight: gramWeight(n)})
	}
	return out
}

// splitPhrases takes "quoted" (also “typographic”) and 「bracketed」
// phrases out of s and returns them with the remaining text (phrases
// replaced by spaces). An unmatched quote is a separator.
func splitPhrases(s string) (phrases []string, rest string) {
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		open := rs[i]
		closeR, isOpen := map[rune]rune{'"': '"', '“': '”', '「': '」', '『': '』'}[open]
		if !isOpen {
			b.WriteRune(open)
			continue
		}
		j := i + 1
		for j < len(rs) && rs[j] != closeR {
			j++
		}
		if j == len(rs) { // unmatched: a separator
			b.WriteRune(' ')
			continue
		}
		if p := strings.Join(strings.Fields(string(rs[i+1:j])), " "); p != "" {
			phrases = append(phrases, p)
		}
		b.WriteRune(' ')
		i = j
	}
	return phrases, b.String()
}

// segment splits text into chunks (separated by spaces and punctuation),
// each a list of single-script runs.
func segment(s string) [][]run {
	var chunks [][]run
	var cur []run
	var b strings.Builder
	curScript, inRun := Script(0), false
	endRun := func() {
		if inRun {
			t := strings.TrimRight(b.String(), "-_./")
			if t != "" {
				cur = append(cur, run{text: t, script: curScript})
			}
		}
		b.Reset()
		inRun = false
	}
	endChunk := func() {
		endRun()
		if len(cur) > 0 {
			chunks = append(chunks, cur)
		}
		cur = nil
	}
	rs := []rune(s)
	skip := 0
	for i, r := range rs {
		if skip > 0 {
			skip--
			continue
		}
		sc, ok := scriptOf(r, curScript)
		if !ok {
			// A language's suffix ends a Latin word: C++, C#, F#. Japanese
			// written right after it (C#言語) is the next run of the same
			// chunk, as after any Latin word (Embeddingモデル).
			if n := nameSuffix(rs[i:]); inRun && curScript == ScriptLatin && n > 0 {
				b.WriteString(string(rs[i : i+n]))
				skip = n - 1
				if next := i + n; next < len(rs) && IsWordRune(rs[next]) {
					endRun()
				} else {
					endChunk()
				}
				continue
			}
			// Joiners stay inside a Latin word when a word rune follows.
			if inRun && curScript == ScriptLatin && isWordJoiner(r) && i+1 < len(rs) {
				if next, ok := scriptOf(rs[i+1], ScriptLatin); ok && next == ScriptLatin {
					b.WriteRune(r)
					continue
				}
			}
			endChunk()
			continue
		}
		if inRun && sc != curScript {
			endRun()
		}
		if !inRun {
			curScript, inRun = sc, true
		}
		b.WriteRune(r)
	}
	endChunk()
	return chunks
}

// katakanaMinStem is the shortest katakana word (in runes, its long-vowel
// mark included) whose closing ー katakanaStem drops: サーバー, ユーザー,
// メモリー, but not キー or カバー.
const katakanaMinStem = 4

// katakanaStem drops the long-vowel mark that closes a katakana word of at
// least katakanaMinStem runes. Loanwords are written both ways (サーバー and
// サーバ, コンピューター and コンピュータ: JIS Z 8301 and most style
// guides drop the mark, Microsoft's guide since 2008 keeps it), and search
// matches substrings, so the shorter form finds both.
func katakanaStem(w string) string {
	rs := []rune(w)
	if len(rs) < katakanaMinStem || rs[len(rs)-1] != prolongedSoundMark {
		return w
	}
	rs = rs[:len(rs)-1]
	for len(rs) > 0 && rs[len(rs)-1] == prolongedSoundMark {
		rs = rs[:len(rs)-1]
	}
	return string(rs)
}

// nameSuffix is the length of the suffix that rs begins with when it ends
// a name such as C++, C#, F# or Notepad++ ("++" or "#", then no Latin
// letter or digit, '_', '+' or '#'), else 0. Without it, C++ and C# were
// both the query "c" and ranked the pages on C first. A letter of another
// script may follow (C#言語, F#で: Japanese has no spaces), as
// query.SharpWords counts c# there; until 2026-11-28 C#言語 lost its c#.
func nameSuffix(rs []rune) int {
	n := 0
	switch {
	case len(rs) >= 2 && rs[0] == '+' && rs[1] == '+':
		n = 2
	case len(rs) >= 1 && rs[0] == '#':
		n = 1
	default:
		return 0
	}
	if len(rs) > n && (isLatinWordRune(rs[n]) || rs[n] == '_' || rs[n] == '+' || rs[n] == '#') {
		return 0
	}
	return n
}

// gramWeight is the weight of each of the n 2-grams of a long kanji run:
// 1/√n, so the grams together weigh more than the run as one word (√n)
// when several of them match, as a compound usually does in part
// (後始末処理 in a text about 後始末), yet no single gram weighs as much as
// the whole word. Measured against 1/n and 1 on every eval set: the same
// or better everywhere (unified-blueprint MRR@10 +0.008).
func gramWeight(n int) float64 { return 1 / math.Sqrt(float64(n)) }

// okuriganaMaxKanji is the longest kanji run that also gets an okurigana
// term (see okuriganaTerm).
const okuriganaMaxKanji = 1

// loneKanjiWeight is the weight of a lone kanji that has an okurigana term:
// it becomes a sub-term of its group (like a 2-gram) so that the okurigana
// form (速い) outranks other words with the kanji (速度) while the kanji
// alone still finds other inflections (速く). Measured on every set: 0.25
// and 0.35 the same (ja-docs 0.861 → 0.867, unified-blueprint 0.714 →
// 0.716), 0.5 ja-docs 0.867 but unified-blueprint 0.714, 0.75 no gain.
const loneKanjiWeight = 1.0 / 3

// okuriganaTerm is a short kanji run with the first hiragana written after
// it (速 + い → 速い, 回 + す → 回す): the stem of a verb or adjective as the
// text writes it. A lone kanji alone matches every word it is part of (速
// in 速度, 高速); with its okurigana it finds that word. It is another word
// of the kanji's group, so the group scores the better of the two.
func okuriganaTerm(kanji, tail string, group int) (Term, bool) {
	if utf8.RuneCountInString(kanji) > okuriganaMaxKanji {
		return Term{}, false
	}
	r, _ := utf8.DecodeRuneInString(tail)
	if r == utf8.RuneError {
		return Term{}, false
	}
	return Term{Text: kanji + string(r), Kind: Word, Script: ScriptOther, Group: group, Weight: 1}, true
}

// Bigram bonus terms. Script runs, 2-grams of long kanji runs and okurigana
// stems miss what a phrase says by its order and particles: 所有権のルール
// is about ownership's rules, and a text writing 所有権の and のルール
// together is closer to it than one using 所有権 and ルール apart. Every two
// adjacent characters of a query's Japanese text (kanji, kana, across runs
// and particles, as the shared benchmark's BM25 baseline indexes all text)
// are therefore a small bonus term, except pairs of hiragana only (particles
// and inflections: の, する) and pairs already searched as words. Each adds
// bigramWeight × its BM25 to a section's or document's score.
const (
	// bigramWeight was measured on every eval set together at 0.05–0.3
	// (ja-docs MRR@10 0.867 → 0.878 / 0.894 / 0.878 / 0.878 / 0.878 at
	// 0.05 / 0.1 / 0.15 / 0.2 / 0.3, unified-blueprint within ±0.01,
	// English sets unchanged: they have no Japanese text); with the BM25 k1
	// of a section (1.2) instead of a document's it lowered
	// unified-blueprint by 0.05.
	bigramWeight = 0.1
	// maxBigrams bounds the bigram terms of a query (each is a lookup).
	maxBigrams = 32
)

// japaneseBigrams returns the bigram terms of the chunks' Japanese text
// (see bigramWeight), skipping texts already searched for.
func japaneseBigrams(chunks [][]run, seen map[string]bool) []Term {
	var out []Term
	var cur []rune
	emit := func() {
		for i := 0; i+2 <= len(cur) && len(out) < maxBigrams; i++ {
			if isHiragana(cur[i]) && isHiragana(cur[i+1]) {
				continue
			}
			text := string(cur[i : i+2])
			if seen[text] {
				continue
			}
			seen[text] = true
			out = append(out, Term{Text: text, Kind: Bigram, Script: ScriptOther, Group: -1, Weight: bigramWeight})
		}
		cur = cur[:0]
	}
	for _, c := range chunks {
		for _, r := range c {
			switch r.script {
			case ScriptHan, ScriptKatakana, ScriptHiragana:
				cur = append(cur, []rune(r.text)...)
			default:
				emit()
			}
		}
		emit()
	}
	return out
}

func isHiragana(r rune) bool {
	s, _ := scriptOf(r, ScriptOther)
	return s == ScriptHiragana
}

// cutSentence says what a query's terms leave out (see Query.Cut).
func cutSentence(cutRunes bool, dropped int) string {
	switch {
	case cutRunes && dropped > 0:
		return fmt.Sprintf("search read only the first %d characters of the query and, of those, the first %d concepts (%d more left out)", MaxRunes, MaxConcepts, dropped)
	case cutRunes:
		return fmt.Sprintf("search read only the first %d characters of the query", MaxRunes)
	case dropped > 0:
		return fmt.Sprintf("search read only the first %d concepts of the query (%d more left out)", MaxConcepts, dropped)
	}
	return ""
}
