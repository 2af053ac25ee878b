package docwrite

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Totals are the index-wide counts of an indexing report.
type Totals struct {
	Sections  int
	Links     int
	Dangling  int // links without a target
	Ambiguous int // links whose target was one of several candidates
}

// CountTotals counts the sections and links of the index.
func CountTotals(ctx context.Context, q store.Querier) (Totals, error) {
	var t Totals
	err := q.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM sections),
		`+store.CountLinksSQL+`,
		`+store.CountDanglingSQL+`,
		(SELECT count(*) FROM links WHERE ambiguous = 1)`).
		Scan(&t.Sections, &t.Links, &t.Dangling, &t.Ambiguous)
	if err != nil {
		return t, fmt.Errorf("count index totals: %w", err)
	}
	return t, nil
}
