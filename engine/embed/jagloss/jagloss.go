// Package jagloss gives Japanese words vectors in the space of an English
// word-vector model, through their English glosses in the built-in
// Japanese–English glossary (package lexicon): 陳腐化 ("obsolescence;
// becoming obsolete") lands near "obsolete" and "stale", 古い ("old; aged;
// …; stale; …") near "old". With it the built-in static model embeds
// Japanese text, so a Japanese question has a vector signal offline, and a
// Japanese question and an English page (or the reverse) are compared in
// one space.
//
// Segmentation is dictionary-driven, not morphological: every run of kanji
// and katakana is cut greedily into the longest glossary headwords it
// starts with (up to maxWordRunes, okurigana included: 仕組み, 古い for
// 古く); hiragana-only words (particles, する, こと) and lone kanji without
// okurigana are left out as too ambiguous.
//
// A word's vector is the mean of its glosses' vectors (each the SIF mean of
// the gloss's content words, wordvec.Model.PhraseVector), earlier senses
// weighing more (senseDecay per sense, at most maxGlosses glosses), scaled
// to unit length; its SIF weight is the decay-weighted mean of its glosses'
// weights. Vectors are cached per word.
//
// It is a package of its own because it joins two data sets (the word
// vectors and the glossary) that each stand alone.
package jagloss

import (
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/engine/embed/wordvec"
	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// Version is part of the static model's ID: bump it when segmentation or
// word vectors change, so stored vectors are recomputed. 2: text is folded
// to one width before it is segmented; 3: a line break inside a Japanese
// word no longer splits it (textfold).
const Version = 3

const (
	maxWordRunes = 8   // longest headword tried
	senseDecay   = 0.7 // weight of each later sense relative to the one before
	maxGlosses   = 12  // glosses averaged per word
)

// Embedder adds the Japanese words of a text to a sentence vector. It is
// safe for concurrent use.
type Embedder struct {
	m     *wordvec.Model
	g     *lexicon.Glossary
	cache sync.Map // word → wordVector
}

type wordVector struct {
	vec    []float32 // nil: no gloss with a known word
	weight float32
}

// New returns an Embedder over the model m and glossary g.
func New(m *wordvec.Model, g *lexicon.Glossary) *Embedder {
	return &Embedder{m: m, g: g}
}

// AddTo adds the vector of every Japanese word of text that has one to s,
// weighted by the word's SIF weight.
func (e *Embedder) AddTo(s *wordvec.Sentence, text string) {
	Segment(e.g, text, func(word string) {
		if wv := e.word(word); wv.vec != nil {
			s.Add(wv.vec, wv.weight)
		}
	})
}

// Vector returns word's vector and SIF weight; ok is false when none of
// its glosses has a known English word (or it is not a headword).
func (e *Embedder) Vector(word string) (vec []float32, weight float32, ok bool) {
	wv := e.word(word)
	return wv.vec, wv.weight, wv.vec != nil
}

func (e *Embedder) word(w string) wordVector {
	if v, ok := e.cache.Load(w); ok {
		return v.(wordVector)
	}
	wv := e.compute(w)
	e.cache.Store(w, wv)
	return wv
}

func (e *Embedder) compute(w string) wordVector {
	sum := e.m.NewSentence() // the decay-weighted sum of the gloss vectors
	var weightSum, decaySum float32
	decay := float32(1)
	for _, sense := range e.g.Senses(w) {
		for _, gloss := range sense {
			if sum.Known() == maxGlosses {
				break
			}
			if v, gw, ok := e.m.PhraseVector(gloss); ok {
				sum.Add(v, decay)
				weightSum += decay * gw
				decaySum += decay
			}
		}
		decay *= senseDecay
	}
	vec := sum.Vector()
	if vec == nil {
		return wordVector{}
	}
	return wordVector{vec: vec, weight: weightSum / decaySum}
}

// Segment calls fn with each glossary word of the Japanese text in text, in
// order (see the package comment). The text is read in one width (NFKC,
// textfold), as full text reads it: half-width katakana (ｴｽｶﾚｰｼｮﾝ) are the
// words written in full width; until version 2 such a query had no vector.
func Segment(g *lexicon.Glossary, text string, fn func(word string)) {
	rs := []rune(textfold.String(text))
	for i := 0; i < len(rs); {
		if !startsWord(rs[i]) {
			i++
			continue
		}
		if n, word := longestWord(g, rs, i); n > 0 {
			fn(word)
			i += n
			continue
		}
		i++
	}
}

// longestWord returns the length in runes of the longest headword at rs[i:]
// (at least two runes, or one kanji with its okurigana) and the headword.
func longestWord(g *lexicon.Glossary, rs []rune, i int) (int, string) {
	end := i
	for end < len(rs) && end-i < maxWordRunes && isJapanese(rs[end]) {
		end++
	}
	// One kanji with okurigana of an i-adjective (古く, 古かった, 古さ) is
	// the adjective (古い) unless a longer headword starts there.
	adjective := ""
	if unicode.Is(unicode.Han, rs[i]) && i+1 < len(rs) {
		switch rs[i+1] {
		case 'く', 'か', 'さ', 'け', 'い':
			if w := string(rs[i]) + "い"; g.Has(w) {
				adjective = w
			}
		}
	}
	for k := end - i; k >= 2; k-- {
		if adjective != "" && k == 2 {
			return 2, adjective
		}
		if w := string(rs[i : i+k]); g.Has(w) {
			return k, w
		}
	}
	return 0, ""
}

// startsWord reports whether a word may start at r: kanji and katakana.
func startsWord(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r))
}

// isJapanese reports whether r may be part of a word: kanji, kana, the
// long-vowel mark and the iteration mark.
func isJapanese(r rune) bool {
	return r == 'ー' || r == '々' || r >= utf8.RuneSelf &&
		(unicode.Is(unicode.Han, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hiragana, r))
}
