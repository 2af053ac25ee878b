package engine

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/sectionrows"
)

// vectorSignal embeds the query and aggregates its nearest limit×10
// sections per document (aggregateSections over their cosine
// similarities; sections with a cosine at or below 0
// are left out, and a document whose aggregate is at or below 0 gets no
// vector score when normalised). A query the provider gives no vector for
// leaves the signal out; so does a provider error (the search still
// answers, as fulltext_fallback), unless the context ended.
func (s *searchRun) vectorSignal(ctx context.Context) error {
	vec, _, err := s.e.EmbedQuery(ctx, s.opts.Query)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return nil
	}
	if len(vec) == 0 {
		return nil
	}
	matches, err := s.e.NearestSections(ctx, vec, s.limit*10)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("vector search: %w", err)
	}
	ids := make([]int64, 0, len(matches))
	for _, m := range matches {
		ids = append(ids, m.SectionID)
	}
	docs, err := sectionrows.Documents(ctx, s.e.db, ids)
	if err != nil {
		return err
	}
	s.vecSecs = map[int64][]sectionrows.Scored{}
	s.vecCos = map[int64]float64{}
	for _, m := range matches {
		doc, ok := docs[m.SectionID]
		if !ok || m.Similarity <= 0 {
			continue
		}
		s.vecSecs[doc] = append(s.vecSecs[doc], sectionrows.Scored{ID: m.SectionID, Score: m.Score})
		s.vecCos[m.SectionID] = m.Similarity
	}
	s.vecRaw = map[int64]float64{}
	for doc, secs := range s.vecSecs {
		sectionrows.Sort(secs)
		scores := make([]float64, len(secs))
		for i, x := range secs {
			scores[i] = x.Score
		}
		s.vecRaw[doc] = aggregateSections(scores)
	}
	return nil
}
