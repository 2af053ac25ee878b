package engine

import (
	"context"
	"database/sql"
	"fmt"
)

// SectionTexts returns the Markdown of the given sections (as
// SectionMatch.SectionID names them), keyed by id; ids that no longer
// exist are absent. Its cost follows len(ids): one batched read.
func (e *Engine) SectionTexts(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := loadSections(ctx, tx, ids)
		if err != nil {
			return err
		}
		for id, r := range rows {
			out[id] = r.Content
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read section texts: %w", err)
	}
	return out, nil
}
