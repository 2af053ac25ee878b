package vecstore

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// A rewrite of the vector index (Reproject, SetComponent) holds at most
// reprojectPage vectors at a time, whatever the corpus. vec0 tables cannot
// be renamed, so the new table cannot be written beside the old one: every
// raw vector is first staged in staged_vectors (stageIndexed: a first
// build's already are, PutRaw), the old table is dropped, and the new one
// is written from the staged vectors page by page, each page's staged rows
// deleted once written, so that their pages go to the vec0 table.

// stageIndexed copies the raw vectors of s that are not staged (those
// indexed in the vec0 table, restored with s.Component, or kept in
// section_embeddings by an index from before migration 0027) into
// staged_vectors, a page at a time.
func stageIndexed(ctx context.Context, x Execer, s State) error {
	stage, err := prepare(ctx, x, `INSERT INTO staged_vectors(section_id, vector) VALUES (?, ?)`)
	if err != nil {
		return fmt.Errorf("vector index: reproject: stage vectors: %w", err)
	}
	defer stage.close()
	err = rawPages(ctx, x, s, unstagedSelect, func(page []rawVector) error {
		for _, r := range page {
			if _, err := stage.exec(ctx, r.id, encodeVector(r.vec)); err != nil {
				return fmt.Errorf("section %d: %w", r.id, err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("vector index: reproject: stage vectors: %w", err)
	}
	return nil
}

// rewrite writes the vec0 table anew from the staged raw vectors of s,
// each minus s.Component, filed under newly trained cells, and leaves in
// section_embeddings only what gives each raw vector back from it
// (embed.Project's along and scale): once indexed, a vector is no longer
// staged (nor kept in section_embeddings.vector), so that it is stored
// once.
func rewrite(ctx context.Context, x Execer, s State) error {
	n, err := Count(ctx, x, s.Model)
	if err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	var cs cells
	if n >= CellThreshold {
		if cs, err = trainStaged(ctx, x, s, n); err != nil {
			return fmt.Errorf("vector index: reproject: %w", err)
		}
	}
	if err := writeCells(ctx, x, cs); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	// A new table, not DELETE: vec0 does not reuse the slots of deleted
	// rows, so rewriting every row in place would double the table.
	if err := createTable(ctx, x, s.Dims); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	w, err := newPageWriter(ctx, x, s)
	if err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	defer w.close()
	if len(cs) == 0 {
		err = stagedPages(ctx, x, s, func(page []rawVector) error { return w.write(ctx, page, 0) })
	} else {
		err = writeByCell(ctx, x, s, cs, w)
	}
	if err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	// What is left staged is not of the index's model or dimensions.
	if _, err := x.ExecContext(ctx, `DELETE FROM staged_vectors`); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	if _, err := x.ExecContext(ctx, `UPDATE vector_index SET cell_basis = ?, cell_pending = 0 WHERE id = 1`, n); err != nil {
		return fmt.Errorf("vector index: reproject: %w", err)
	}
	return nil
}

// trainStaged trains the cells of n vectors on a sample of the staged
// ones, each minus s.Component: one in every stride, about trainPerCell a
// cell (the sample is what the cells are learnt from, not a page).
func trainStaged(ctx context.Context, x Execer, s State, n int) (cells, error) {
	k := cellCount(n)
	stride := max(1, n/(k*trainPerCell))
	sample := make([][]float32, 0, n/stride+1)
	i := 0
	err := stagedPages(ctx, x, s, func(page []rawVector) error {
		for _, r := range page {
			p := embed.RemoveComponent(r.vec, s.Component)
			if p == nil {
				continue
			}
			if i%stride == 0 {
				if u := unit(p); u != nil {
					sample = append(sample, u)
				}
			}
			i++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return trainCells(sample, k), nil
}

// writeByCell writes the staged vectors cell after cell, so that each
// cell's sqlite-vec chunks fill one after another: in section order every
// insert touched another cell's chunk, and a 10,000-document index took
// four times as long to write. It first notes each vector's cell (8 bytes
// a vector), then reads the vectors of each cell back a page at a time.
// Vectors with nothing left after the removal of the component go last,
// into no cell.
func writeByCell(ctx context.Context, x Execer, s State, cs cells, w *pageWriter) error {
	byCell := make([][]int64, len(cs)+1)
	err := stagedPages(ctx, x, s, func(page []rawVector) error {
		for _, r := range page {
			c := len(cs)
			if p := embed.RemoveComponent(r.vec, s.Component); p != nil {
				c = int(cs.nearest(p))
			}
			byCell[c] = append(byCell[c], r.id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	page := make([]rawVector, 0, reprojectPage)
	for cell, ids := range byCell {
		for start := 0; start < len(ids); start += reprojectPage {
			page = page[:0]
			err := sqlbatch.QueryIDs(ctx, x, ids[start:min(start+reprojectPage, len(ids))],
				`SELECT section_id, vector FROM staged_vectors WHERE section_id IN (%s) ORDER BY section_id`, func(rows *sql.Rows) error {
					r, err := scanStaged(rows, s.Dims)
					page = append(page, r)
					return err
				})
			if err != nil {
				return fmt.Errorf("read staged vectors: %w", err)
			}
			held.take(len(page))
			err = w.write(ctx, page, int64(cell))
			held.drop(len(page))
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// stagedPages calls fn with the staged raw vectors of s's model and
// dimensions in section id order, reprojectPage at a time, each page read
// whole before fn sees it, so that fn may write.
func stagedPages(ctx context.Context, x Execer, s State, fn func(page []rawVector) error) error {
	page := make([]rawVector, 0, reprojectPage)
	for after := int64(-1 << 62); ; {
		page = page[:0]
		if err := readStagedPage(ctx, x, s, after, &page); err != nil {
			return err
		}
		held.take(len(page))
		err := fn(page)
		held.drop(len(page))
		if err != nil || len(page) < reprojectPage {
			return err
		}
		after = page[len(page)-1].id
	}
}

// readStagedPage appends to page the staged raw vectors after section id
// after, up to reprojectPage.
func readStagedPage(ctx context.Context, q Querier, s State, after int64, page *[]rawVector) error {
	rows, err := q.QueryContext(ctx, `SELECT st.section_id, st.vector FROM staged_vectors st
		JOIN section_embeddings e ON e.section_id = st.section_id
		WHERE e.model = ? AND e.dims = ? AND st.section_id > ? ORDER BY st.section_id LIMIT ?`, s.Model, s.Dims, after, reprojectPage)
	if err != nil {
		return fmt.Errorf("read staged vectors: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanStaged(rows, s.Dims)
		if err != nil {
			return fmt.Errorf("read staged vectors: %w", err)
		}
		*page = append(*page, r)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read staged vectors: %w", err)
	}
	return nil
}

// scanStaged reads one row of (section_id, vector) of staged_vectors.
func scanStaged(rows *sql.Rows, dims int) (rawVector, error) {
	var (
		id   int64
		blob []byte
	)
	if err := rows.Scan(&id, &blob); err != nil {
		return rawVector{}, err
	}
	v, err := decodeVector(blob, dims)
	if err != nil {
		return rawVector{}, fmt.Errorf("section %d: %w", id, err)
	}
	return rawVector{id, v}, nil
}

// pageWriter writes pages of staged raw vectors into the new vec0 table.
type pageWriter struct {
	pc                []float32
	ins, upd, unstage *stmt
}

func newPageWriter(ctx context.Context, x Execer, s State) (*pageWriter, error) {
	w := &pageWriter{pc: s.Component}
	var err error
	if w.ins, err = prepare(ctx, x, `INSERT INTO `+vecTable+`(rowid, cell, embedding) VALUES (?, ?, ?)`); err != nil {
		return nil, err
	}
	if w.upd, err = prepare(ctx, x, `UPDATE section_embeddings SET vector = X'', along = ?, scale = ? WHERE section_id = ?`); err != nil {
		w.close()
		return nil, err
	}
	if w.unstage, err = prepare(ctx, x, `DELETE FROM staged_vectors WHERE section_id = ?`); err != nil {
		w.close()
		return nil, err
	}
	return w, nil
}

// write unstages the vectors of page, then indexes each minus the
// component under cell (none when nothing is left of it) and keeps what
// gives it back in section_embeddings. Unstaged first, the page's staged
// rows free pages of the file that its vec0 rows can take: unstaged after,
// the last page's would stay free (4.6 MB at 10,000 documents).
func (w *pageWriter) write(ctx context.Context, page []rawVector, cell int64) error {
	for _, r := range page {
		if _, err := w.unstage.exec(ctx, r.id); err != nil {
			return fmt.Errorf("section %d: %w", r.id, err)
		}
	}
	for _, r := range page {
		p, along, scale := embed.Project(r.vec, w.pc)
		if _, err := w.upd.exec(ctx, along, scale, r.id); err != nil {
			return fmt.Errorf("section %d: %w", r.id, err)
		}
		if p == nil {
			continue
		}
		if _, err := w.ins.exec(ctx, r.id, cell, encodeVector(p)); err != nil {
			return fmt.Errorf("section %d: %w", r.id, err)
		}
	}
	return nil
}

func (w *pageWriter) close() {
	for _, s := range []*stmt{w.ins, w.upd, w.unstage} {
		if s != nil {
			s.close()
		}
	}
}
