package vecstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
)

// Entry is one section's new embedding.
type Entry struct {
	SectionID int64
	TextHash  string
	// Vector is the raw unit vector; nil records that the text had nothing
	// to embed (the section then stays out of the index until its text
	// changes).
	Vector []float32
}

// Put stores entries as model's embeddings, replacing any earlier ones of
// the same sections, and adds their vectors, minus the stored common
// component, to the index. The index must hold model (Ensure) and every
// vector must have its dimensions. Run it in a transaction.
func Put(ctx context.Context, x Execer, model string, entries []Entry) error {
	return putEntries(ctx, x, model, entries, true)
}

// PutRaw is Put without the index: it stores the raw vectors only, for a
// caller that reprojects the whole index next (SetComponent or Reproject),
// such as a first build whose common component is not known yet; until
// then Nearest does not see the new vectors.
func PutRaw(ctx context.Context, x Execer, model string, entries []Entry) error {
	return putEntries(ctx, x, model, entries, false)
}

func putEntries(ctx context.Context, x Execer, model string, entries []Entry, index bool) error {
	s, err := stateFor(ctx, x, model)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	for _, e := range entries {
		if e.Vector != nil && len(e.Vector) != s.Dims {
			return fmt.Errorf("store vectors: section %d has a %d-dimensional vector, the index for %q holds %d", e.SectionID, len(e.Vector), model, s.Dims)
		}
	}
	if index && !s.Cells {
		// A table from before cells: rewrite it once, with cells.
		if err := Reproject(ctx, x); err != nil {
			return fmt.Errorf("store vectors: %w", err)
		}
		s.Cells = true
	}
	upsert, err := prepare(ctx, x, `INSERT INTO section_embeddings(section_id, model, dims, text_hash, vector, along, scale)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(section_id) DO UPDATE SET model = excluded.model, dims = excluded.dims,
			text_hash = excluded.text_hash, vector = excluded.vector, along = excluded.along, scale = excluded.scale`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer upsert.close()
	stage, err := prepare(ctx, x, `INSERT INTO staged_vectors(section_id, vector) VALUES (?, ?)`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer stage.close()
	unstage, err := prepare(ctx, x, `DELETE FROM staged_vectors WHERE section_id = ?`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer unstage.close()
	del, err := prepare(ctx, x, `DELETE FROM `+vecTable+` WHERE rowid = ?`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer del.close()
	ins, err := prepare(ctx, x, `INSERT INTO `+vecTable+`(rowid, cell, embedding) VALUES (?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("store vectors: %w", err)
	}
	defer ins.close()
	var cs cells
	if index {
		if cs, err = readCells(ctx, x, s.Dims); err != nil {
			return fmt.Errorf("store vectors: %w", err)
		}
	}
	added := 0
	for _, e := range entries {
		dims := 0
		if e.Vector != nil {
			dims = s.Dims
		}
		if _, err := unstage.exec(ctx, e.SectionID); err != nil {
			return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
		}
		if !index || e.Vector == nil {
			// Staged raw (see raw.go), or nothing to embed.
			if _, err := upsert.exec(ctx, e.SectionID, model, dims, e.TextHash, []byte{}, nil, nil); err != nil {
				return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
			}
			if e.Vector != nil {
				if _, err := stage.exec(ctx, e.SectionID, encodeVector(e.Vector)); err != nil {
					return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
				}
			}
			if !index {
				continue
			}
		}
		if _, err := del.exec(ctx, e.SectionID); err != nil {
			return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
		}
		if e.Vector == nil {
			continue
		}
		// Stored once: projected in the vec0 table, with what gives the
		// raw vector back here (raw.go).
		p, along, scale := embed.Project(e.Vector, s.Component)
		if _, err := upsert.exec(ctx, e.SectionID, model, dims, e.TextHash, []byte{}, along, scale); err != nil {
			return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
		}
		if p != nil {
			if _, err := ins.exec(ctx, e.SectionID, cs.nearest(p), encodeVector(p)); err != nil {
				return fmt.Errorf("store vectors: section %d: %w", e.SectionID, err)
			}
			added++
		}
	}
	if added > 0 {
		if _, err := x.ExecContext(ctx, `UPDATE vector_index SET cell_pending = cell_pending + ? WHERE id = 1`, added); err != nil {
			return fmt.Errorf("store vectors: %w", err)
		}
	}
	return nil
}

// eachRawOf calls fn with each of model's raw vectors (without the empty
// ones) in section id order, holding one page of them at a time: the
// vectors staged by PutRaw as they are, the indexed ones restored from the
// vec0 table (raw.go), equal to those stored to float32 precision.
func eachRawOf(ctx context.Context, q Querier, model string, fn func(v []float32)) error {
	s, ok, err := ReadState(ctx, q)
	if err != nil {
		return fmt.Errorf("read vectors: %w", err)
	}
	if !ok || s.Model != model {
		// No index of model: only staged vectors can be read back.
		return eachStaged(ctx, q, model, fn)
	}
	return eachRaw(ctx, q, s, func(_ int64, v []float32) { fn(v) })
}

// eachStaged calls fn with model's raw vectors not indexed
// (staged_vectors) or written before migration 0027, in section id order,
// one at a time as the query reads them.
func eachStaged(ctx context.Context, q Querier, model string, fn func(v []float32)) error {
	rows, err := q.QueryContext(ctx, `SELECT e.section_id, e.dims, coalesce(st.vector, e.vector)
		FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
		WHERE e.model = ? AND e.dims > 0 AND (st.vector IS NOT NULL OR length(e.vector) > 0)
		ORDER BY e.section_id`, model)
	if err != nil {
		return fmt.Errorf("read vectors: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id   int64
			dims int
			blob []byte
		)
		if err := rows.Scan(&id, &dims, &blob); err != nil {
			return fmt.Errorf("read vectors: %w", err)
		}
		v, err := decodeVector(blob, dims)
		if err != nil {
			return fmt.Errorf("read vectors: section %d: %w", id, err)
		}
		fn(v)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read vectors: %w", err)
	}
	return nil
}

// Count is the number of sections with a vector of model, as the
// triggers of migration 0013 keep it (embedding_counts).
func Count(ctx context.Context, q Querier, model string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT n FROM embedding_counts WHERE model = ?`, model).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("count vectors: %w", err)
	}
	return n, nil
}

// Indexed is the number of vectors in the index (Nearest searches these).
func Indexed(ctx context.Context, q Querier) (int, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM `+vecTable).Scan(&n); err != nil {
		return 0, fmt.Errorf("count indexed vectors: %w", err)
	}
	return n, nil
}
