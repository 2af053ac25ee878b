package sectionrows

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// PartsBefore calls fn with the content of each part of r's section before
// r, nearest first (ord r.Ord-1, then r.Ord-2, ...), until fn returns false
// or the parts of another section begin. What the parts say (their
// sub-headings) is for the caller to read: answer.MatchHeading.
func PartsBefore(ctx context.Context, db store.Querier, r *Row, fn func(content string) bool) error {
	rows, err := db.QueryContext(ctx, `SELECT ord, heading_path, content FROM sections
		WHERE document_id = ? AND ord < ? ORDER BY ord DESC`, r.Doc, r.Ord)
	if err != nil {
		return fmt.Errorf("read the parts before section %d: %w", r.ID, err)
	}
	defer func() { _ = rows.Close() }()
	want := r.Ord - 1
	for rows.Next() {
		var ord int
		var path, content string
		if err := rows.Scan(&ord, &path, &content); err != nil {
			return fmt.Errorf("read the parts before section %d: %w", r.ID, err)
		}
		if ord != want || path != r.HeadingPath || !fn(content) {
			return nil // another section's, or enough read
		}
		want--
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read the parts before section %d: %w", r.ID, err)
	}
	return nil
}
