package reader

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Counts fills the index-wide counts of s (documents, sections, links,
// dangling and ambiguous links, the last indexing time) and returns the
// ids of the documents with source refs, in one read transaction.
func (r *Reader) Counts(ctx context.Context, s *answer.Status) (tracked []int64, err error) {
	err = store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM sections),
			(SELECT count(*) FROM links),
			(SELECT count(*) FROM links WHERE target_id IS NULL),
			(SELECT count(*) FROM links WHERE ambiguous = 1)`).
			Scan(&s.Documents, &s.Sections, &s.Links, &s.DanglingLinks, &s.AmbiguousLinks); err != nil {
			return err
		}
		last, _, err := store.GetMeta(ctx, tx, store.MetaLastIndexedAt)
		if err != nil {
			return err
		}
		s.LastIndexedAt = last
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT document_id FROM source_refs ORDER BY document_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			tracked = append(tracked, id)
		}
		return rows.Err()
	})
	return tracked, err
}

// DocPaths reads the file paths of the documents ids.
func (r *Reader) DocPaths(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		return sqlbatch.QueryIDs(ctx, tx, ids, `SELECT id, filepath FROM documents WHERE id IN (%s)`, func(rows *sql.Rows) error {
			var id int64
			var p string
			if err := rows.Scan(&id, &p); err != nil {
				return err
			}
			out[id] = p
			return nil
		})
	})
	return out, err
}
