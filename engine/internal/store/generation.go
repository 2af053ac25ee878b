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

// Generations reads the search_generation and link_generation counters
// together: the state of the documents, sections and links a cache of
// them was read at.
func Generations(ctx context.Context, q Querier) (search, link int64, err error) {
	err = q.QueryRowContext(ctx, `SELECT (SELECT n FROM search_generation), (SELECT n FROM link_generation)`).
		Scan(&search, &link)
	return search, link, err
}
