package writer

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// isSkip reports whether a run's warning is about a file or folder it
// skipped.
func isSkip(w index.Warning) bool {
	return w.File != "" && (strings.HasPrefix(w.Message, "skipped:") || discover.IsSkippedFolder(w))
}

// recordSkipped keeps the skipped files of the run (its warnings) in
// store.MetaSkippedFiles, in place of those its scope covered (all of them for a
// run over the whole folder); nothing is written when they are the same.
func (w *Writer) recordSkipped(ctx context.Context, scope *Scope, warnings []index.Warning) error {
	prev, err := pageread.SkippedFiles(ctx, w.db)
	if err != nil {
		return err
	}
	var next []index.Warning
	for _, s := range prev {
		if !scope.contains(s.File) {
			next = append(next, s)
		}
	}
	for _, wn := range warnings {
		if isSkip(wn) {
			next = append(next, index.Warning{File: wn.File, Message: wn.Message})
		}
	}
	slices.SortStableFunc(next, func(a, b index.Warning) int { return strings.Compare(a.File, b.File) })
	next = slices.CompactFunc(next, func(a, b index.Warning) bool { return a.File == b.File })
	if slices.Equal(prev, next) {
		return nil
	}
	return store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if len(next) == 0 {
			return store.DeleteMeta(ctx, tx, store.MetaSkippedFiles)
		}
		data, err := json.Marshal(next)
		if err != nil {
			return fmt.Errorf("record skipped files: %w", err)
		}
		return store.SetMeta(ctx, tx, store.MetaSkippedFiles, string(data))
	})
}
