package vecstore

import (
	"context"
	"fmt"
)

// SectionVector is one section's raw vector.
type SectionVector struct {
	SectionID int64
	Vector    []float32
}

// SectionVectors reads the raw vectors of st's model and dimensions, in no
// particular order; a row whose vector is not of st.Dims float32s is left
// out.
func SectionVectors(ctx context.Context, q Querier, st State) ([]SectionVector, error) {
	rows, err := q.QueryContext(ctx, `SELECT section_id, vector FROM section_embeddings WHERE model = ? AND dims = ?`, st.Model, st.Dims)
	if err != nil {
		return nil, fmt.Errorf("read section vectors: %w", err)
	}
	defer rows.Close()
	var out []SectionVector
	for rows.Next() {
		var id int64
		var blob []byte
		if err := rows.Scan(&id, &blob); err != nil {
			return nil, fmt.Errorf("read section vectors: %w", err)
		}
		v, err := decodeVector(blob, st.Dims)
		if err != nil {
			continue // not of the state's dimensions
		}
		out = append(out, SectionVector{SectionID: id, Vector: v})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read section vectors: %w", err)
	}
	return out, nil
}
