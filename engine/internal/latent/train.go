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
	buf   []int32 // a section's term ids, reused from one Add to the next
}

// Add gathers one section, given as its Tokens.
func (t *Trainer) Add(tokens []string) {
	if t.ids == nil {
		t.ids = map[string]int32{}
	}
	ids := t.buf[:0]
	for _, tok := range tokens {
		id, ok := t.ids[tok]
		if !ok {
			id = int32(len(t.names)) //nolint:gosec // distinct terms of at most latentrun.MaxTrainSections sections
			t.ids[tok] = id
			t.names = append(t.names, tok)
			t.df = append(t.df, 0)
		}
		ids = append(ids, id)
	}
	t.buf = ids
	slices.Sort(ids) // so each term's occurrences are one run, terms in id order
	distinct := 0
	for i, id := range ids {
		if i == 0 || id != ids[i-1] {
			distinct++
		}
	}
	row := make([]termCount, 0, distinct)
	for i, id := range ids {
		if i > 0 && id == ids[i-1] {
			row[len(row)-1].n++
			continue
		}
		row = append(row, termCount{id, 1})
		t.df[id]++
	}
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
	a := termMatrix(t.rows, col, idf)
	rank := min(RankFor(n), a.rows, len(kept))
	if rank <= 0 {
		return NewModel(0)
	}
	v := truncatedSVD(a, rank)
	m := NewModel(rank)
	m.Terms = make(map[string]int32, len(kept))
	m.IDF = make([]float32, 0, len(kept))
	m.Vecs = make([]float32, 0, len(kept)*rank)
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

// termMatrix is the sections' rows of weights (1 + ln tf) × idf over the
// columns col gives their terms (-1 for none), each scaled to unit length,
// columns in order; a section without weight has no row.
func termMatrix(rows [][]termCount, col []int32, idf []float64) *sparse {
	nnz := 0
	for _, r := range rows {
		for _, tc := range r {
			if col[tc.id] >= 0 {
				nnz++
			}
		}
	}
	a := &sparse{cols: len(idf), ptr: make([]int, 1, len(rows)+1), idx: make([]int32, 0, nnz), val: make([]float64, 0, nnz)}
	var row []termCount // the section's terms kept: column and count
	for _, r := range rows {
		row = row[:0]
		for _, tc := range r {
			if c := col[tc.id]; c >= 0 {
				row = append(row, termCount{c, tc.n})
			}
		}
		slices.SortFunc(row, func(a, b termCount) int { return cmp.Compare(a.id, b.id) })
		start := len(a.val)
		var norm float64
		for _, tc := range row {
			w := (1 + math.Log(float64(tc.n))) * idf[tc.id]
			a.idx = append(a.idx, tc.id)
			a.val = append(a.val, w)
			norm += w * w
		}
		if norm == 0 {
			a.idx, a.val = a.idx[:start], a.val[:start]
			continue
		}
		norm = math.Sqrt(norm)
		for j := start; j < len(a.val); j++ {
			a.val[j] /= norm
		}
		a.ptr = append(a.ptr, len(a.val))
		a.rows++
	}
	return a
}
