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
	ids := make([]int64, len(ms))
	for i, m := range ms {
		ids[i] = m.SectionID
	}
	paths, err := e.SectionPaths(ctx, ids)
	if err != nil {
		return nil, err
	}
	best := map[string]float64{}
	for _, m := range ms {
		page, ok := paths[m.SectionID]
		if !ok {
			return nil, fmt.Errorf("section %d: not in the index", m.SectionID)
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
