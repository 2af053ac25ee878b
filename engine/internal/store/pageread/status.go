package pageread

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwarn"
	"github.com/ubp-dev/ubp/index"
)

// Counts are the index-wide counts of the status.
type Counts struct {
	Documents, Sections, Links int
	DanglingLinks              int // links whose target resolves to no document
	AmbiguousLinks             int // links whose target named several documents
	DocumentsWithWarnings      int // documents whose last parse gave warnings
}

// ReadCounts reads the index-wide counts in one statement.
func ReadCounts(ctx context.Context, q store.Querier) (Counts, error) {
	var c Counts
	err := q.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM sections),
			`+store.CountLinksSQL+`,
			`+store.CountDanglingSQL+`,
			(SELECT count(*) FROM links WHERE ambiguous = 1),
			(SELECT count(*) FROM documents WHERE warnings <> '[]')`).
		Scan(&c.Documents, &c.Sections, &c.Links, &c.DanglingLinks, &c.AmbiguousLinks, &c.DocumentsWithWarnings)
	return c, err
}

// DocumentWarnings reads the first limit warnings of the documents whose
// last parse gave any, in file path order, through the partial index of
// migration 0016.
func DocumentWarnings(ctx context.Context, q store.Querier, limit int) ([]index.Warning, error) {
	rows, err := q.QueryContext(ctx, `SELECT filepath, warnings FROM documents
			WHERE warnings <> '[]' ORDER BY filepath LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("read document warnings: %w", err)
	}
	defer rows.Close()
	out := []index.Warning{}
	for rows.Next() {
		var path, warns string
		if err := rows.Scan(&path, &warns); err != nil {
			return nil, fmt.Errorf("read document warnings: %w", err)
		}
		ws, err := docwarn.Decode(path, warns)
		if err != nil {
			return nil, err
		}
		out = append(out, ws[:min(len(ws), limit-len(out))]...)
		if len(out) >= limit {
			break
		}
	}
	return out, rows.Err()
}

// SkippedFiles reads the files the indexing runs skipped
// (store.MetaSkippedFiles), by path.
func SkippedFiles(ctx context.Context, q store.Querier) ([]index.Warning, error) {
	v, ok, err := store.GetMeta(ctx, q, store.MetaSkippedFiles)
	if err != nil || !ok {
		return nil, err
	}
	var out []index.Warning
	if err := json.Unmarshal([]byte(v), &out); err != nil {
		return nil, fmt.Errorf("read skipped files: %w", err)
	}
	return out, nil
}
