package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/freshness"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
)

// StoredStats returns the size and mtime the index recorded per document,
// by filepath (what engine/freshness compares the folder with).
func StoredStats(ctx context.Context, q store.Querier) (map[string]freshness.Stat, error) {
	m := map[string]freshness.Stat{}
	err := pageread.EachFileStat(ctx, q, func(path string, size, mtime int64) {
		m[path] = freshness.Stat{Size: size, MTime: mtime}
	})
	if err != nil {
		return nil, fmt.Errorf("check index freshness: %w", err)
	}
	return m, nil
}
