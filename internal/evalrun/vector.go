package main

import (
	"context"
	"fmt"
	"sort"

	"github.com/ubp-dev/ubp/engine"
)

// vectorRanking ranks documents by their best section's cosine similarity
// among the query vector's 100 nearest sections. No vector, no ranking.
func vectorRanking(ctx context.Context, e *engine.Engine, q string) ([]string, error) {
	vec, _, err := e.EmbedQuery(ctx, q)
	if err != nil || vec == nil {
		return nil, err
	}
	ms, err := e.NearestSections(ctx, vec, 100)
	if err != nil {
		return nil, err
	}
	best := map[string]float64{}
	for _, m := range ms {
		var page string
		err := e.DB().QueryRowContext(ctx, `SELECT d.filepath FROM sections s JOIN documents d ON d.id = s.document_id WHERE s.id = ?`, m.SectionID).Scan(&page)
		if err != nil {
			return nil, fmt.Errorf("section %d: %w", m.SectionID, err)
		}
		if s, ok := best[page]; !ok || m.Score > s {
			best[page] = m.Score
		}
	}
	keys := make([]string, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if best[keys[i]] != best[keys[j]] {
			return best[keys[i]] > best[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys, nil
}
