package vecstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
)

// rawVector is one section's raw vector.
type rawVector struct {
	id  int64
	vec []float32
}

// Each vector is stored once. The raw vector of a section_embeddings row
// of a non-empty vector is either in staged_vectors (PutRaw, until
// Reproject indexes it), or in its own vector column (written before
// migration 0027, until the next Reproject), or, once indexed, restored
// from its vec0 row, the stored common component and the row's along and
// scale (embed.Project, embed.Restore). Such a row
// lives as long as its vec0 table: Ensure forgets it when it drops the
// table for another model, so that its section is embedded again.
const rawSelect = `SELECT e.section_id, coalesce(st.vector, e.vector), e.along, e.scale, v.embedding
	FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
	LEFT JOIN ` + vecTable + ` v ON v.rowid = e.section_id
	WHERE e.model = ? AND e.dims = ? AND e.section_id > ? ORDER BY e.section_id LIMIT ?`

// loadRaw reads the raw vectors of s's model and dimensions, in section id
// order, restoring the indexed ones with s.Component. A row whose vector
// cannot be read back (no vec0 row, no along and scale: a table lost) is
// left out.
func loadRaw(ctx context.Context, q Querier, s State) ([]rawVector, error) {
	var out []rawVector
	err := eachRaw(ctx, q, s, func(id int64, v []float32) { out = append(out, rawVector{id, v}) })
	return out, err
}

// eachRaw calls fn with each raw vector loadRaw reads, in the same order,
// so that a caller keeping something smaller need not hold them all.
func eachRaw(ctx context.Context, q Querier, s State, fn func(id int64, v []float32)) error {
	for after := int64(-1 << 62); ; {
		rows, err := q.QueryContext(ctx, rawSelect, s.Model, s.Dims, after, reprojectPage)
		if err != nil {
			return fmt.Errorf("read raw vectors: %w", err)
		}
		read := 0
		for rows.Next() {
			var (
				id           int64
				raw, proj    []byte
				along, scale sql.NullFloat64
			)
			if err := rows.Scan(&id, &raw, &along, &scale, &proj); err != nil {
				rows.Close()
				return fmt.Errorf("read raw vectors: %w", err)
			}
			read++
			after = id
			v, err := restoreRow(raw, proj, along, scale, s)
			if err != nil {
				rows.Close()
				return fmt.Errorf("read raw vectors: section %d: %w", id, err)
			}
			if v != nil {
				fn(id, v)
			}
		}
		if err := rows.Close(); err != nil {
			return fmt.Errorf("read raw vectors: %w", err)
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read raw vectors: %w", err)
		}
		if read < reprojectPage {
			return nil
		}
	}
}

// restoreRow is a row's raw vector: raw when it is staged, else restored
// from its vec0 vector proj (nil when the projection left nothing) with
// along and scale; nil when neither is there.
func restoreRow(raw, proj []byte, along, scale sql.NullFloat64, s State) ([]float32, error) {
	if len(raw) > 0 {
		return decodeVector(raw, s.Dims)
	}
	if !along.Valid || !scale.Valid {
		return nil, nil
	}
	var p []float32
	if proj != nil {
		var err error
		if p, err = decodeVector(proj, s.Dims); err != nil {
			return nil, err
		}
	} else if s.Component == nil {
		return nil, nil
	}
	return embed.Restore(p, s.Component, along.Float64, scale.Float64), nil
}

// reprojectPage is how many vectors loadRaw reads at a time.
const reprojectPage = 4096
