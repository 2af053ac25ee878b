package suggest

import (
	"cmp"
	"context"
	"slices"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// VectorPairs compares every two embedded sections of different documents
// by the cosine of their vectors (the current model's, with the corpus'
// common component removed, as search compares them). ok is false when
// there are no vectors to compare: nothing embedded, or fewer than two
// embedded sections.
func VectorPairs(ctx context.Context, q store.Querier, secs map[int64]*sectionrows.Row, minScore float64) (pairs []Pair, ok bool, err error) {
	st, exists, err := vecstore.ReadState(ctx, q)
	if err != nil || !exists {
		return nil, false, err
	}
	stored, err := vecstore.SectionVectors(ctx, q, st)
	if err != nil {
		return nil, false, err
	}
	type vec struct {
		id  int64
		doc int64
		v   []float32
	}
	var vs []vec
	for _, sv := range stored {
		s := secs[sv.SectionID]
		if s == nil {
			continue
		}
		if v := embed.RemoveComponent(sv.Vector, st.Component); v != nil {
			vs = append(vs, vec{sv.SectionID, s.Doc, v})
		}
	}
	if len(vs) < 2 {
		return nil, false, nil
	}
	slices.SortFunc(vs, func(a, b vec) int { return cmp.Compare(a.id, b.id) })
	for i := range vs {
		if i%256 == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		for j := i + 1; j < len(vs); j++ {
			if vs[i].doc == vs[j].doc {
				continue
			}
			var dot float64
			for k, x := range vs[i].v {
				dot += float64(x) * float64(vs[j].v[k])
			}
			if dot >= minScore {
				pairs = append(pairs, Pair{A: vs[i].id, B: vs[j].id, Score: min(dot, 1)})
			}
		}
	}
	return pairs, true, nil
}
