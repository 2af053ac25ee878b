package docwrite

import (
	"context"
	"encoding/json"
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
	if len(keys) == 0 {
		return nil
	}
	list, err := json.Marshal(keys)
	if err != nil {
		return fmt.Errorf("write keys of %s: %w", d.Path, err)
	}
	// One statement for all of them: a document has a handful (its
	// link keys, their reversed forms, page lookup's own).
	if _, err := x.ExecContext(ctx, `INSERT OR IGNORE INTO document_keys(document_id, key) SELECT ?, value FROM json_each(?)`, d.ID, string(list)); err != nil {
		return fmt.Errorf("write keys of %s: %w", d.Path, err)
	}
	return nil
}
