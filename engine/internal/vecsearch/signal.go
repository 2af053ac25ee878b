package vecsearch

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
)

// Evidence is the vector signal of one search.
type Evidence struct {
	// Raw is each document's score: aggregateSections over its matched
	// sections.
	Raw map[int64]float64
	// Sections are each document's vector-matched sections, best first,
	// with their scores.
	Sections map[int64][]sectionrows.Scored
	// Cosine is the cosine similarity of each vector-matched section.
	Cosine map[int64]float64
}

// Signal embeds the query with p (nil: provider "none") and aggregates
// its nearest k sections per document (aggregateSections over their
// cosine similarities; sections with a cosine at or below 0 are left out,
// and a document whose aggregate is at or below 0 gets no vector score
// when normalised). The component and the nearest sections are read
// through rdb, the sections' documents through db. A query the provider
// gives no vector for leaves the signal empty; so does a provider error
// (the search still answers, as fulltext_fallback), unless the context
// ended.
func Signal(ctx context.Context, p embed.Provider, rdb, db store.Querier, text string, k int) (Evidence, error) {
	if p == nil {
		return Evidence{}, nil
	}
	vec, model, err := QueryVector(ctx, rdb, p, text)
	if err != nil {
		if ctx.Err() != nil {
			return Evidence{}, ctx.Err()
		}
		return Evidence{}, nil
	}
	if len(vec) == 0 {
		return Evidence{}, nil
	}
	matches, err := Nearest(ctx, rdb, model, vec, k)
	if err != nil {
		if ctx.Err() != nil {
			return Evidence{}, ctx.Err()
		}
		return Evidence{}, fmt.Errorf("vector search: %w", err)
	}
	ids := make([]int64, 0, len(matches))
	for _, m := range matches {
		ids = append(ids, m.SectionID)
	}
	docs, err := sectionrows.Documents(ctx, db, ids)
	if err != nil {
		return Evidence{}, err
	}
	ev := Evidence{Sections: map[int64][]sectionrows.Scored{}, Cosine: map[int64]float64{}}
	for _, m := range matches {
		doc, ok := docs[m.SectionID]
		if !ok || m.Similarity <= 0 {
			continue
		}
		ev.Sections[doc] = append(ev.Sections[doc], sectionrows.Scored{ID: m.SectionID, Score: m.Score})
		ev.Cosine[m.SectionID] = m.Similarity
	}
	ev.Raw = map[int64]float64{}
	for doc, secs := range ev.Sections {
		sectionrows.Sort(secs)
		scores := make([]float64, len(secs))
		for i, x := range secs {
			scores[i] = x.Score
		}
		ev.Raw[doc] = aggregateSections(scores)
	}
	return ev, nil
}

// aggregateDepth is how many of a document's nearest sections its vector
// score averages (see aggregateSections).
const aggregateDepth = 3

// aggregateSections turns a document's vector section scores into one: the
// best section dominates and the next two add a little, max·0.8 + mean(top
// 3)·0.2, where a document with fewer than three sections among the
// nearest counts the missing ones as 0. So a document consistently on topic
// gains over one with a single section as near (the mean over the sections
// found gave that single section its full score, and the consistent
// document less).
func aggregateSections(scores []float64) float64 {
	if len(scores) == 0 {
		return 0
	}
	top := slices.Clone(scores)
	slices.SortFunc(top, func(a, b float64) int { return cmp.Compare(b, a) })
	if len(top) > aggregateDepth {
		top = top[:aggregateDepth]
	}
	var sum float64
	for _, s := range top {
		sum += s
	}
	return top[0]*0.8 + sum/aggregateDepth*0.2
}
