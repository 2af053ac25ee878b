package engine

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/sectionrows"
	"github.com/ubp-dev/ubp/engine/vecstore"
)

// vectorSectionPairs compares every two embedded sections of different
// documents by the cosine of their vectors (the current model's, with the
// corpus' common component removed, as search compares them). ok is false
// when there are no vectors to compare: provider "none", nothing embedded,
// or fewer than two embedded sections.
func (e *Engine) vectorSectionPairs(ctx context.Context, tx querier, secs map[int64]*sectionrows.Row, minScore float64) (pairs []sectionPair, ok bool, err error) {
	if e.Project().Config.Embedding.Provider == "none" {
		return nil, false, nil
	}
	st, exists, err := vecstore.ReadState(ctx, tx)
	if err != nil || !exists {
		return nil, false, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT section_id, vector FROM section_embeddings WHERE model = ? AND dims = ?`, st.Model, st.Dims)
	if err != nil {
		return nil, false, fmt.Errorf("read section vectors: %w", err)
	}
	defer rows.Close()
	type vec struct {
		id  int64
		doc int64
		v   []float32
	}
	var vs []vec
	for rows.Next() {
		var id int64
		var blob []byte
		if err := rows.Scan(&id, &blob); err != nil {
			return nil, false, fmt.Errorf("read section vectors: %w", err)
		}
		s := secs[id]
		if s == nil || len(blob) != 4*st.Dims {
			continue
		}
		raw := make([]float32, st.Dims)
		for i := range raw {
			raw[i] = math.Float32frombits(binary.LittleEndian.Uint32(blob[4*i:]))
		}
		if v := embed.RemoveComponent(raw, st.Component); v != nil {
			vs = append(vs, vec{id, s.Doc, v})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("read section vectors: %w", err)
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
				pairs = append(pairs, sectionPair{A: vs[i].id, B: vs[j].id, Score: min(dot, 1)})
			}
		}
	}
	return pairs, true, nil
}
