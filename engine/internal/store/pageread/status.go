package pageread

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Counts are the index-wide counts of the status.
type Counts struct {
	Documents, Sections, Links int
	DanglingLinks              int // links whose target resolves to no document
	AmbiguousLinks             int // links whose target named several documents
}

// ReadCounts reads the index-wide counts in one statement.
func ReadCounts(ctx context.Context, q store.Querier) (Counts, error) {
	var c Counts
	err := q.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM sections),
			`+store.CountLinksSQL+`,
			`+store.CountDanglingSQL+`,
			(SELECT count(*) FROM links WHERE ambiguous = 1)`).
		Scan(&c.Documents, &c.Sections, &c.Links, &c.DanglingLinks, &c.AmbiguousLinks)
	return c, err
}
