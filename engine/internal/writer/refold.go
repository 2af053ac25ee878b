package writer

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// metaTextFold is the text fold (textfold.Version) the full-text tables
// were built with.
const metaTextFold = "text_fold"

// refold rebuilds the full-text tables when they were built with another
// text fold than this ubp's: FTS5 removes a row's tokens by folding its
// text again, so a fold that changed would leave stale tokens behind. An
// index without the meta row (new, or just built by migration 0014) gets
// it. Runs start with it, under the indexing lock, before they write.
func (w *Writer) refold(ctx context.Context) error {
	v, ok, err := store.GetMeta(ctx, w.db, metaTextFold)
	if err != nil || ok && v == textfold.Version {
		return err
	}
	if !ok {
		return store.SetMeta(ctx, w.db, metaTextFold, textfold.Version)
	}
	err = store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		f, err := docwrite.FindFullTextTriggers(ctx, tx)
		if err != nil {
			return err
		}
		// The triggers go while the sections are marked (an update of
		// every row would rewrite its tokens) and come back after.
		for _, name := range f.Names {
			if err := docwrite.DropTrigger(ctx, tx, name); err != nil {
				return err
			}
		}
		if err := docwrite.MarkRefolded(ctx, tx); err != nil {
			return err
		}
		if err := rebuildWithTriggers(ctx, tx, f.Tables, f.Triggers, f.Counters); err != nil {
			return err
		}
		return store.SetMeta(ctx, tx, metaTextFold, textfold.Version)
	})
	if err != nil {
		return fmt.Errorf("index: rebuild the full-text index for text fold %s (was %s): %w", textfold.Version, v, err)
	}
	return nil
}
