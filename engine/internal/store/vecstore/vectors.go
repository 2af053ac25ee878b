package vecstore

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
)

// SectionVector is one section's vector.
type SectionVector struct {
	SectionID int64
	Vector    []float32
}

// SectionVectors reads the vectors of st's model and dimensions as search
// compares them (the common component st.Component removed, unit length),
// in no particular order: those of the vec0 table as they are, and raw
// vectors staged by PutRaw and not yet indexed, projected. A section whose
// vector had nothing left after the removal is left out.
func SectionVectors(ctx context.Context, q Querier, st State) ([]SectionVector, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.section_id, coalesce(st.vector, e.vector), v.embedding
		FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
		LEFT JOIN `+vecTable+` v ON v.rowid = e.section_id
		WHERE e.model = ? AND e.dims = ?`, st.Model, st.Dims)
	if err != nil {
		return nil, fmt.Errorf("read section vectors: %w", err)
	}
	defer rows.Close()
	var out []SectionVector
	for rows.Next() {
		var (
			id        int64
			raw, proj []byte
		)
		if err := rows.Scan(&id, &raw, &proj); err != nil {
			return nil, fmt.Errorf("read section vectors: %w", err)
		}
		var v []float32
		if len(raw) > 0 {
			r, err := decodeVector(raw, st.Dims)
			if err != nil {
				continue // not of the state's dimensions
			}
			v = embed.RemoveComponent(r, st.Component)
		} else if proj != nil {
			if v, err = decodeVector(proj, st.Dims); err != nil {
				continue
			}
		}
		if v != nil {
			out = append(out, SectionVector{SectionID: id, Vector: v})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read section vectors: %w", err)
	}
	return out, nil
}
