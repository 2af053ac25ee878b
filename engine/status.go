package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"github.com/ubp-dev/ubp/engine/stale"
)

// Status describes the project and the state of its index: counts, broken
// links, stale documents, size on disk and when it last changed.
func (e *Engine) Status(ctx context.Context) (Status, error) {
	s := Status{ProjectRoot: e.p.Root, DocsDir: e.p.DocsDir(), SchemaVersion: e.version}
	var tracked []int64
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM sections),
			(SELECT count(*) FROM links),
			(SELECT count(*) FROM links WHERE target_id IS NULL),
			(SELECT count(*) FROM links WHERE ambiguous = 1)`).
			Scan(&s.Documents, &s.Sections, &s.Links, &s.DanglingLinks, &s.AmbiguousLinks); err != nil {
			return err
		}
		last, _, err := getMeta(ctx, tx, metaLastIndexedAt)
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
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	levels, err := e.currentStaleness(ctx, tracked)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	for _, d := range levels {
		if d.level == stale.PossiblyStale || d.level == stale.Stale {
			s.StaleDocuments++
		}
	}
	for _, f := range []string{e.p.DBPath(), e.p.DBPath() + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			s.IndexBytes += st.Size()
		}
	}
	if s.EmbeddingModel, s.Embedded, err = e.embeddingStatus(ctx); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	return s, nil
}
