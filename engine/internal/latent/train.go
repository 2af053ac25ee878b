package latent

import (
	"cmp"
	"math"
	"slices"
)

// Training bounds.
const (
	// MinDF: a term in fewer sections co-occurs with nothing.
	MinDF = 2
	// MaxTerms is the vocabulary's bound: the terms in the most sections
	// are kept. It bounds the model's size and the training's memory.
	MaxTerms = 20_000
	// SectionsPerRank: a model has one dimension per this many sections
	// trained on, up to MaxRank; fewer sections than this give no model.
	SectionsPerRank = 10
)

// RankFor is the rank of a model trained on n sections: one dimension per
// SectionsPerRank sections, at most MaxRank.
func RankFor(n int) int { return min(MaxRank, n/SectionsPerRank) }

// Train learns a model from sections, each given as its Tokens (see
// Trainer).
func Train(sections [][]string) *Model {
	var t Trainer
	for _, toks := range sections {
		t.Add(toks)
	}
	return t.Model()
}

// termCount is a term's id and its count in one section.
type termCount struct{ id, n int32 }

// Trainer gathers sections and learns a model from them. It keeps each
// section as its distinct terms' ids and counts, not as text.
type Trainer struct {
	ids   map[string]int32
	names []string
	df    []int32
	rows  [][]termCount
}

// Add gathers one section, given as its Tokens.
func (t *Trainer) Add(tokens []string) {
	if t.ids == nil {
		t.ids = map[string]int32{}
	}
	counts := map[int32]int32{}
	for _, tok := range tokens {
		id, ok := t.ids[tok]
		if !ok {
			id = int32(len(t.names)) //nolint:gosec // distinct terms of at most latentrun.MaxTrainSections sections
			t.ids[tok] = id
			t.names = append(t.names, tok)
			t.df = append(t.df, 0)
		}
		counts[id]++
	}
	row := make([]termCount, 0, len(counts))
	for id, n := range counts {
		row = append(row, termCount{id, n})
		t.df[id]++
	}
	slices.SortFunc(row, func(a, b termCount) int { return cmp.Compare(a.id, b.id) })
	t.rows = append(t.rows, row)
}

// Model learns the model of the sections gathered: the terms found in at
// least MinDF sections (the MaxTerms commonest), weighted (1 + ln tf) ×
// ln(N/df), each section's row scaled to unit length, and a truncated SVD
// of that matrix of rank RankFor(N) (see truncatedSVD). The same sections
// give the same model. Its vectors are as EncodeTerm keeps them, so a
// model read back from storage folds texts exactly as the one returned.
// Fewer than SectionsPerRank sections give a model of rank 0, which
// places nothing.
func (t *Trainer) Model() *Model {
	n := len(t.rows)
	kept := make([]int32, 0, len(t.names))
	for id, c := range t.df {
		if c >= MinDF {
			kept = append(kept, int32(id))
		}
	}
	slices.SortFunc(kept, func(a, b int32) int {
		if c := cmp.Compare(t.df[b], t.df[a]); c != 0 {
			return c
		}
		return cmp.Compare(t.names[a], t.names[b])
	})
	kept = kept[:min(len(kept), MaxTerms)]
	slices.SortFunc(kept, func(a, b int32) int { return cmp.Compare(t.names[a], t.names[b]) })
	col := make([]int32, len(t.names))
	for i := range col {
		col[i] = -1
	}
	idf := make([]float64, len(kept))
	for c, id := range kept {
		col[id] = int32(c)
		idf[c] = math.Log(float64(n) / float64(t.df[id]))
	}
	rows := make([]sparseRow, 0, n)
	for _, row := range t.rows {
		w := map[int32]float64{}
		for _, tc := range row {
			if c := col[tc.id]; c >= 0 {
				w[c] = (1 + math.Log(float64(tc.n))) * idf[c]
			}
		}
		if r, ok := unitRow(w); ok {
			rows = append(rows, r)
		}
	}
	rank := min(RankFor(n), len(rows), len(kept))
	if rank <= 0 {
		return NewModel(0)
	}
	v := truncatedSVD(rows, len(kept), rank)
	m := NewModel(rank)
	for c, id := range kept {
		vec := make([]float32, rank)
		for k := range rank {
			vec[k] = float32(v.at(c, k))
		}
		q, _ := DecodeTerm(EncodeTerm(vec), rank)
		m.Add(t.names[id], float32(idf[c]), q)
	}
	return m
}

// unitRow is a section's weights as a sparse row of unit length, columns
// in order.
func unitRow(w map[int32]float64) (sparseRow, bool) {
	var r sparseRow
	var norm float64
	for i := range w {
		r.idx = append(r.idx, i)
	}
	slices.Sort(r.idx)
	for _, i := range r.idx {
		r.val = append(r.val, w[i])
		norm += w[i] * w[i]
	}
	if norm == 0 {
		return r, false
	}
	norm = math.Sqrt(norm)
	for j := range r.val {
		r.val[j] /= norm
	}
	return r, true
}
