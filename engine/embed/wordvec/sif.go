package wordvec

import "math"

// Sentence vectors follow SIF (Arora, Liang, Ma: "A Simple but
// Tough-to-Beat Baseline for Sentence Embeddings", ICLR 2017): the
// weighted average of the word vectors of the text, each occurrence weighted
//
//	w(word) = a / (a + p(word)),  a = sifA = 1e-3
//
// so frequent words ("the", "is") count little and rare, topical words
// count almost fully. The word probability p is not stored: it is estimated
// from the word's frequency rank r in the source list by Zipf's law,
//
//	p(r) = 1 / (r · H_V),  H_V = ln V + γ + 1/(2V) (the V-th harmonic number)
//
// where V is the source vocabulary size (341,479 for the built-in model).
// That gives w ≈ 0.013 for "the" (r=1), 0.57 for r=100, 0.93 for r=1000.
// The average is scaled to unit length; text with no known word has no
// vector. Removing the corpus' common component (the second half of SIF)
// is done by the caller over all vectors of a corpus (embed.CommonComponent).
const (
	sifA = 1e-3
	// sifVersion is part of the model ID: bump it when the tokenisation or
	// the weighting changes, so stored vectors are recomputed.
	sifVersion = 1
)

// harmonic approximates the v-th harmonic number H_v.
func harmonic(v int) float64 {
	return math.Log(float64(v)) + 0.5772156649015329 + 1/(2*float64(v))
}

// sifWeight is the SIF weight of the word of rank r, h = H_V.
func sifWeight(r int, h float64) float32 {
	p := 1 / (float64(r) * h)
	return float32(sifA / (sifA + p))
}

// weight is the SIF weight of word i.
func (m *Model) weight(i int) float32 { return sifWeight(m.rank(i), m.harmonic) }

// Embed returns the unit-length SIF vector of text's Latin words, or nil
// when the model knows none of them.
func (m *Model) Embed(text string) []float32 {
	s := m.NewSentence()
	s.AddText(text)
	return s.Vector()
}

// Words returns the vocabulary words Embed would use for text, in order
// (after splitting and suffix fallback), for diagnostics and tests.
func (m *Model) Words(text string) []string {
	var out []string
	t := tokenizer{m: m}
	t.each(text, func(i int) { out = append(out, m.word(i)) })
	return out
}
