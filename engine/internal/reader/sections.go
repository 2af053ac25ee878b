package reader

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// SectionTexts returns the Markdown of the given sections (as
// answer.SectionMatch.SectionID names them), keyed by id; ids that no
// longer exist are absent. Its cost follows len(ids): one batched read.
func (r *Reader) SectionTexts(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		err := sqlbatch.QueryIDs(ctx, tx, ids, `SELECT id, content FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
			var id int64
			var content string
			if err := rows.Scan(&id, &content); err != nil {
				return err
			}
			out[id] = content
			return nil
		})
		if err != nil {
			return fmt.Errorf("read sections: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read section texts: %w", err)
	}
	return out, nil
}
