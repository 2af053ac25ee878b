package vecstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// SectionVector is one section's vector.
type SectionVector struct {
	SectionID int64
	Vector    []float32
}

// The vectors of st's model and dimensions as search compares them (the
// common component st.Component removed, unit length): those of the vec0
// table as they are, and raw vectors staged by PutRaw and not yet indexed,
// projected. A section whose vector had nothing left after the removal,
// or is not of st's dimensions, has none.
const sectionVectorFrom = `SELECT e.section_id, coalesce(st.vector, e.vector), v.embedding
	FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
	LEFT JOIN ` + vecTable + ` v ON v.rowid = e.section_id
	WHERE e.model = ? AND e.dims = ?`

// SectionVectorPages calls fn with the section vectors of st (see
// sectionVectorFrom) in section id order, at most page at a time, each
// page read whole before fn sees it; fn must not keep the page's slice,
// which the next page reuses.
func SectionVectorPages(ctx context.Context, q Querier, st State, page int, fn func(page []SectionVector) error) error {
	buf := make([]SectionVector, 0, page)
	for after := int64(-1 << 62); ; {
		buf = buf[:0]
		read, err := readSectionVectors(ctx, q, st, sectionVectorFrom+` AND e.section_id > ? ORDER BY e.section_id LIMIT ?`,
			[]any{st.Model, st.Dims, after, page}, &buf)
		if err != nil {
			return err
		}
		if err := fn(buf); err != nil || read.n < page {
			return err
		}
		after = read.last
	}
}

// sectionIDFrom reads, in section id order, each section_embeddings row
// of a model and dimensions with its raw vector (staged or its own, when
// it has one): what sectionVectorFrom reads but the vec0 table's vector,
// which costs a rowid lookup of the vec0 table a row (about 140 µs at
// 66,508 sections on a loaded machine).
const sectionIDFrom = `SELECT e.section_id, coalesce(st.vector, e.vector)
	FROM section_embeddings e LEFT JOIN staged_vectors st ON st.section_id = e.section_id
	WHERE e.model = ? AND e.dims = ? ORDER BY e.section_id`

// SectionIDs returns the ids of the sections SectionVectorPages passes
// on, in section id order, without reading the vec0 table's vectors: a
// section with a raw vector has one when that vector keeps something
// after the removal of st.Component (as scanSectionVector decides), one
// without when the vec0 table has its row (whose vector, of the table's
// dimensions, st.Dims, is one). The vec0 table's row ids are read in one
// scan of the table (a few hundred milliseconds at 66,508 sections, where
// reading each row's vector took 9–10 s).
func SectionIDs(ctx context.Context, q Querier, st State) ([]int64, error) {
	var indexed []int64
	rows, err := q.QueryContext(ctx, `SELECT rowid FROM `+vecTable)
	if err != nil {
		return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
		}
		indexed = append(indexed, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
	}
	slices.Sort(indexed)
	rows, err = q.QueryContext(ctx, sectionIDFrom, st.Model, st.Dims)
	if err != nil {
		return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var (
			id  int64
			raw []byte
		)
		if err := rows.Scan(&id, &raw); err != nil {
			return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
		}
		has := false
		if len(raw) > 0 {
			if r, err := decodeVector(raw, st.Dims); err == nil {
				has = embed.RemoveComponent(r, st.Component) != nil
			}
		} else {
			_, has = slices.BinarySearch(indexed, id)
		}
		if has {
			ids = append(ids, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the ids of the section vectors: %w", err)
	}
	return ids, nil
}

// ScanSectionVectors calls fn with each section vector of st (see
// sectionVectorFrom), in no particular order: the raw vectors as the rows
// of section_embeddings come (sectionIDFrom), then the others as one scan
// of the vec0 table finds them, which reads its vectors a chunk at a time
// where sectionVectorFrom looks each row up by rowid (0.4–1.5 s against
// 9–10 s at 66,510 sections). It holds the ids of the sections whose
// vector is in the table, not their vectors; fn must not keep v, nor read
// through q.
func ScanSectionVectors(ctx context.Context, q Querier, st State, fn func(id int64, v []float32) error) error {
	fail := func(err error) error { return fmt.Errorf("read section vectors: %w", err) }
	var fromTable []int64 // in section id order
	rows, err := q.QueryContext(ctx, sectionIDFrom, st.Model, st.Dims)
	if err != nil {
		return fail(err)
	}
	for rows.Next() {
		var (
			id  int64
			raw []byte
		)
		if err := rows.Scan(&id, &raw); err != nil {
			rows.Close()
			return fail(err)
		}
		if len(raw) == 0 {
			fromTable = append(fromTable, id)
			continue
		}
		// as scanSectionVector: a raw vector not of st's dimensions, or
		// with nothing left after the removal, gives none
		r, err := decodeVector(raw, st.Dims)
		if err != nil {
			continue
		}
		if v := embed.RemoveComponent(r, st.Component); v != nil {
			if err := fn(id, v); err != nil {
				rows.Close()
				return err
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	if len(fromTable) == 0 {
		return nil
	}
	rows, err = q.QueryContext(ctx, `SELECT rowid, embedding FROM `+vecTable)
	if err != nil {
		return fail(err)
	}
	defer rows.Close()
	v := make([]float32, st.Dims) // each vector in turn: no garbage a row
	for rows.Next() {
		var (
			id   int64
			proj sql.RawBytes
		)
		if err := rows.Scan(&id, &proj); err != nil {
			return fail(err)
		}
		if _, ok := slices.BinarySearch(fromTable, id); !ok || proj == nil {
			continue
		}
		if decodeInto(v, proj) != nil {
			continue
		}
		if err := fn(id, v); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fail(err)
	}
	return nil
}

// SectionVectorsOf returns the section vectors of st (see
// sectionVectorFrom) of the sections ids, which must be in ascending
// order, in that order; sections without one are left out.
func SectionVectorsOf(ctx context.Context, q Querier, st State, ids []int64) ([]SectionVector, error) {
	out := make([]SectionVector, 0, len(ids))
	for start := 0; start < len(ids); start += sqlbatch.Size {
		part := ids[start:min(start+sqlbatch.Size, len(ids))]
		args := make([]any, 0, 2+len(part))
		args = append(args, st.Model, st.Dims)
		for _, id := range part {
			args = append(args, id)
		}
		query := sectionVectorFrom + ` AND e.section_id IN (?` + strings.Repeat(",?", len(part)-1) + `) ORDER BY e.section_id`
		if _, err := readSectionVectors(ctx, q, st, query, args, &out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readSectionVectors runs query with args and appends the section vectors
// it reads to out.
func readSectionVectors(ctx context.Context, q Querier, st State, query string, args []any, out *[]SectionVector) (pageRead, error) {
	var read pageRead
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return read, fmt.Errorf("read section vectors: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		id, err := scanSectionVector(rows, st, out)
		if err != nil {
			return read, fmt.Errorf("read section vectors: %w", err)
		}
		read.n++
		read.last = id
	}
	if err := rows.Err(); err != nil {
		return read, fmt.Errorf("read section vectors: %w", err)
	}
	return read, nil
}

// scanSectionVector reads one row of sectionVectorFrom and appends its
// vector to out, if it has one; it returns the row's section id.
func scanSectionVector(rows *sql.Rows, st State, out *[]SectionVector) (int64, error) {
	var (
		id        int64
		raw, proj []byte
	)
	if err := rows.Scan(&id, &raw, &proj); err != nil {
		return 0, err
	}
	// A vector not of the state's dimensions is left out.
	var v []float32
	if len(raw) > 0 {
		if r, err := decodeVector(raw, st.Dims); err == nil {
			v = embed.RemoveComponent(r, st.Component)
		}
	} else if proj != nil {
		if p, err := decodeVector(proj, st.Dims); err == nil {
			v = p
		}
	}
	if v != nil {
		*out = append(*out, SectionVector{SectionID: id, Vector: v})
	}
	return id, nil
}
