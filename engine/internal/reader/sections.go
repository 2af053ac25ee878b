package reader

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// SectionTexts returns the Markdown of the given sections (as
// answer.SectionMatch.SectionID names them), keyed by id; ids that no
// longer exist are absent. Its cost follows len(ids): one batched read.
func (r *Reader) SectionTexts(ctx context.Context, ids []int64) (map[int64]string, error) {
	if len(ids) == 0 {
		return make(map[int64]string), nil
	}
	var out map[int64]string
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		var err error
		out, err = pageread.SectionTexts(ctx, tx, ids)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read section texts: %w", err)
	}
	return out, nil
}
