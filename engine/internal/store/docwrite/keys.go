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
	for _, k := range keys {
		if _, err := x.ExecContext(ctx, `INSERT OR IGNORE INTO document_keys(document_id, key) VALUES(?, ?)`, d.ID, k); err != nil {
			return fmt.Errorf("write keys of %s: %w", d.Path, err)
		}
	}
	return nil
}

// ReplaceNameVariants makes hashes the document_name_variants rows of
// document d (pageref.DocHashes; a hash given twice is stored once).
func ReplaceNameVariants(ctx context.Context, x store.Execer, d graph.DocRef, hashes []int64) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM document_name_variants WHERE document_id = ?`, d.ID); err != nil {
		return fmt.Errorf("write name variants of %s: %w", d.Path, err)
	}
	if len(hashes) == 0 {
		return nil
	}
	list, err := json.Marshal(hashes)
	if err != nil {
		return fmt.Errorf("write name variants of %s: %w", d.Path, err)
	}
	// One statement for the document's forty-odd rows.
	if _, err := x.ExecContext(ctx, `INSERT OR IGNORE INTO document_name_variants(hash, document_id)
		SELECT value, ? FROM json_each(?)`, d.ID, string(list)); err != nil {
		return fmt.Errorf("write name variants of %s: %w", d.Path, err)
	}
	return nil
}
