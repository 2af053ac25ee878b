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
const rawFrom = `SELECT e.section_id, coalesce(st.vector, e.vector), e.along, e.scale, v.embedding
	FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
	LEFT JOIN ` + vecTable + ` v ON v.rowid = e.section_id
	WHERE e.model = ? AND e.dims = ? AND e.section_id > ?`

// rawSelect pages through every raw vector, unstagedSelect through those
// not staged.
const (
	rawSelect      = rawFrom + ` ORDER BY e.section_id LIMIT ?`
	unstagedSelect = rawFrom + ` AND st.section_id IS NULL ORDER BY e.section_id LIMIT ?`
)

// eachRaw calls fn with each raw vector of s's model and dimensions, in
// section id order, restoring the indexed ones with s.Component. A row
// whose vector cannot be read back (no vec0 row, no along and scale: a
// table lost) is left out.
func eachRaw(ctx context.Context, q Querier, s State, fn func(id int64, v []float32)) error {
	return rawPages(ctx, q, s, rawSelect, func(page []rawVector) error {
		for _, r := range page {
			fn(r.id, r.vec)
		}
		return nil
	})
}

// rawPages calls fn with the raw vectors query (rawSelect or
// unstagedSelect) reads, reprojectPage rows at a time, each page read
// whole before fn sees it, so that fn may write.
func rawPages(ctx context.Context, q Querier, s State, query string, fn func(page []rawVector) error) error {
	page := make([]rawVector, 0, reprojectPage)
	for after := int64(-1 << 62); ; {
		page = page[:0]
		read, err := readRawPage(ctx, q, s, query, after, func(r rawVector) { page = append(page, r) })
		if err != nil {
			return err
		}
		held.take(len(page))
		err = fn(page)
		held.drop(len(page))
		if err != nil || read.n < reprojectPage {
			return err
		}
		after = read.last
	}
}

// pageRead is how many rows a page query read and the last one's id.
type pageRead struct {
	n    int
	last int64
}

// readRawPage runs query for the rows after section id after and calls
// add with each raw vector it can read back.
func readRawPage(ctx context.Context, q Querier, s State, query string, after int64, add func(rawVector)) (pageRead, error) {
	var read pageRead
	rows, err := q.QueryContext(ctx, query, s.Model, s.Dims, after, reprojectPage)
	if err != nil {
		return read, fmt.Errorf("read raw vectors: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id           int64
			raw, proj    []byte
			along, scale sql.NullFloat64
		)
		if err := rows.Scan(&id, &raw, &along, &scale, &proj); err != nil {
			return read, fmt.Errorf("read raw vectors: %w", err)
		}
		read.n++
		read.last = id
		v, err := restoreRow(raw, proj, along, scale, s)
		if err != nil {
			return read, fmt.Errorf("read raw vectors: section %d: %w", id, err)
		}
		if v != nil {
			add(rawVector{id, v})
		}
	}
	if err := rows.Err(); err != nil {
		return read, fmt.Errorf("read raw vectors: %w", err)
	}
	return read, nil
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

// reprojectPage is how many vectors a read or a rewrite of the vector
// index holds at a time (a variable so that tests can make it small).
var reprojectPage = 4096
