package docwrite

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// MarkRefolded prepares the sections for full-text tables rebuilt with
// another text fold: every section with non-ASCII text is marked as one
// that folding may change (sections.folds) and queued for its short units
// again (section_units_pending), as migration 0014 did. The caller
// rebuilds the full-text tables in the same transaction.
func MarkRefolded(ctx context.Context, x store.Execer) error {
	for _, stmt := range []string{
		`UPDATE sections SET folds = 1
			WHERE length(heading) < length(CAST(heading AS BLOB)) OR length(content) < length(CAST(content AS BLOB))`,
		`DELETE FROM section_units WHERE rowid IN (SELECT id FROM sections WHERE folds = 1)`,
		`INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections WHERE folds = 1`,
	} {
		if _, err := x.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("mark the sections for a new text fold: %w", err)
		}
	}
	return nil
}
