package store

import (
	"context"
	"fmt"
)

// SearchGeneration reads the search_generation counter, which the
// schema's triggers move forward on every change to documents and
// sections.
func SearchGeneration(ctx context.Context, q Querier) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, `SELECT n FROM search_generation WHERE id = 1`).Scan(&n); err != nil {
		return 0, fmt.Errorf("read search generation: %w", err)
	}
	return n, nil
}
