package sectionrows

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// MatchHeading is the heading a line of r (0-based in its content; -1 when
// nothing in it matched, for its first prose) is under: the one above it in
// r's own text (answer.PartAbove); else, in a later part of a long section,
// the last sub-heading (or merged section's heading) of the parts before
// it, back to the section's first part; else r's own heading. A
// sub-heading's text runs on across the cuts of a long section, and the
// part holding its line is read back for it.
func MatchHeading(ctx context.Context, db store.Querier, r *Row, at int) (string, error) {
	if h, _, _, ok := answer.PartAbove(r.Content, max(at, 0)); ok {
		return h, nil
	}
	if r.Ord == 0 || answer.OpensWithOwnHeading(r.Content) {
		return r.Heading, nil
	}
	rows, err := db.QueryContext(ctx, `SELECT ord, heading_path, content FROM sections
		WHERE document_id = ? AND ord < ? ORDER BY ord DESC`, r.Doc, r.Ord)
	if err != nil {
		return "", fmt.Errorf("read the parts before section %d: %w", r.ID, err)
	}
	defer func() { _ = rows.Close() }()
	want := r.Ord - 1
	for rows.Next() {
		var ord int
		var path, content string
		if err := rows.Scan(&ord, &path, &content); err != nil {
			return "", fmt.Errorf("read the parts before section %d: %w", r.ID, err)
		}
		if ord != want || path != r.HeadingPath {
			break // another section's
		}
		if h, ok := answer.LastHeading(content); ok {
			return h, nil
		}
		if answer.OpensWithOwnHeading(content) {
			break // the section's first part
		}
		want--
	}
	if err := rows.Err(); err != nil {
		return "", fmt.Errorf("read the parts before section %d: %w", r.ID, err)
	}
	return r.Heading, nil
}
