package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/freshness"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// StoredStats returns the size and mtime the index recorded per document,
// by filepath (what engine/freshness compares the folder with).
func StoredStats(ctx context.Context, q store.Querier) (map[string]freshness.Stat, error) {
	rows, err := q.QueryContext(ctx, `SELECT filepath, file_size, file_mtime FROM documents`)
	if err != nil {
		return nil, fmt.Errorf("check index freshness: read documents: %w", err)
	}
	defer rows.Close()
	m := map[string]freshness.Stat{}
	for rows.Next() {
		var p string
		var s freshness.Stat
		if err := rows.Scan(&p, &s.Size, &s.MTime); err != nil {
			return nil, fmt.Errorf("check index freshness: read documents: %w", err)
		}
		m[p] = s
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check index freshness: read documents: %w", err)
	}
	return m, nil
}
