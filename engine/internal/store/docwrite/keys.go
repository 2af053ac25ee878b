package docwrite

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
)

// ReplaceDocumentKeys makes keys the document_keys rows of document d
// (a key given twice is stored once).
func ReplaceDocumentKeys(ctx context.Context, x store.Execer, d graph.DocRef, keys []string) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM document_keys WHERE document_id = ?`, d.ID); err != nil {
		return fmt.Errorf("write keys of %s: %w", d.Path, err)
	}
	for _, k := range keys {
		if _, err := x.ExecContext(ctx, `INSERT OR IGNORE INTO document_keys(document_id, key) VALUES(?, ?)`, d.ID, k); err != nil {
			return fmt.Errorf("write keys of %s: %w", d.Path, err)
		}
	}
	return nil
}
