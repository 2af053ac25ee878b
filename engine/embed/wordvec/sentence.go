package wordvec

import "math"

// Sentence accumulates the SIF-weighted word vectors of one text (see
// sif.go). Embed uses one for the Latin words of a text; callers that know
// other words (package jagloss gives Japanese words vectors through their
// English glosses) add theirs with Add. A Sentence is not safe for
// concurrent use.
type Sentence struct {
	m     *Model
	acc   []float32
	known int
	t     tokenizer
}

// NewSentence starts an empty sentence.
func (m *Model) NewSentence() *Sentence {
	return &Sentence{m: m, acc: make([]float32, m.dims), t: tokenizer{m: m}}
}

// AddText adds every known Latin word of text, each weighted by its SIF
// weight.
func (s *Sentence) AddText(text string) {
	s.t.each(text, func(i int) {
		s.m.addScaled(s.acc, i, s.m.weight(i))
		s.known++
	})
}

// Add adds w × v; v must have the model's dimensions.
func (s *Sentence) Add(v []float32, w float32) {
	if len(v) != len(s.acc) {
		return
	}
	for d, x := range v {
		s.acc[d] += w * x
	}
	s.known++
}

// Known is the number of words added so far.
func (s *Sentence) Known() int { return s.known }

// Vector returns the unit-length sum, or nil when nothing was added (or
// everything cancelled out).
func (s *Sentence) Vector() []float32 {
	if s.known == 0 {
		return nil
	}
	out := make([]float32, len(s.acc))
	copy(out, s.acc)
	if normalise(out) == 0 {
		return nil
	}
	return out
}

// minPhraseRank is the rank below which PhraseVector ignores a word: the
// 150 most frequent English words ("to", "of", "one's") carry no meaning
// of their own in a dictionary gloss.
const minPhraseRank = 150

// PhraseVector returns the unit-length SIF-weighted mean of the known
// content words of a short phrase (a dictionary gloss such as "becoming
// obsolete"), and the largest SIF weight among them. ok is false when the
// phrase has no known content word.
func (m *Model) PhraseVector(phrase string) (vec []float32, weight float32, ok bool) {
	acc := make([]float32, m.dims)
	t := tokenizer{m: m}
	t.each(phrase, func(i int) {
		if m.rank(i) <= minPhraseRank {
			return
		}
		w := m.weight(i)
		m.addScaled(acc, i, w)
		weight = max(weight, w)
		ok = true
	})
	if !ok || normalise(acc) == 0 {
		return nil, 0, false
	}
	return acc, weight, true
}

// normalise scales v to unit length in place and returns its former length.
func normalise(v []float32) float64 {
	var norm float64
	for _, x := range v {
		norm += float64(x) * float64(x)
	}
	if norm == 0 {
		return 0
	}
	norm = math.Sqrt(norm)
	inv := float32(1 / norm)
	for d := range v {
		v[d] *= inv
	}
	return norm
}
