package latentsearch

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latent"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/latentrows"
)

const (
	// Candidates is the number of full text's best documents re-scored.
	Candidates = 200
	// Keep is the number of best-scoring documents the signal keeps: the
	// span the min–max scaling of ranking.Scale runs over.
	Keep = 50
)

// Scores places text in the stored space and returns the Keep best of
// docs by the best cosine of their sections to it, ties by their place in
// docs (full text's order, see search.Run.FulltextBest: until 2026-11-28
// by id, so of twins at the cut an index kept up to date kept others than
// a fresh index of the same files). It returns nil when the index has no
// model or text holds none of its terms.
func Scores(ctx context.Context, q store.Querier, text string, docs []int64) (map[int64]float64, error) {
	m, ok, err := latentrows.LoadModel(ctx, q)
	if err != nil || !ok || m.Rank == 0 || len(docs) == 0 {
		return nil, err
	}
	if m.Rank < 0 || m.Rank > latent.MaxRank {
		return nil, answer.WithRemedy(fmt.Errorf("read the latent space: a model of rank %d, which no model has", m.Rank), answer.RemedyFullIndex)
	}
	toks := latent.Tokens(text)
	rows, err := latentrows.Terms(ctx, q, latent.Distinct(toks))
	if err != nil {
		return nil, err
	}
	terms := make([]latent.EncodedTerm, len(rows))
	for i, r := range rows {
		terms[i] = latent.EncodedTerm(r)
	}
	model, err := latent.FromEncoded(m.Rank, terms)
	if err != nil {
		return nil, answer.WithRemedy(fmt.Errorf("read the latent space: %w", err), answer.RemedyFullIndex)
	}
	qv := model.Fold(toks)
	if qv == nil {
		return nil, nil
	}
	best := map[int64]float64{}
	err = latentrows.DocumentVectors(ctx, q, docs, func(doc, _ int64, vec []byte) error {
		c := latent.CosineEncoded(qv, vec)
		if b, seen := best[doc]; !seen || c > b {
			best[doc] = c
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return keepBest(best, docs, Keep), nil
}

// keepBest is the n highest-scoring entries of scores, ties by their
// place in order (every key of scores is in it).
func keepBest(scores map[int64]float64, order []int64, n int) map[int64]float64 {
	place := make(map[int64]int, len(order))
	for i, id := range order {
		if _, dup := place[id]; !dup {
			place[id] = i
		}
	}
	ids := make([]int64, 0, len(scores))
	for id := range scores {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		return cmp.Or(cmp.Compare(scores[b], scores[a]), cmp.Compare(place[a], place[b]), cmp.Compare(a, b))
	})
	out := make(map[int64]float64, min(n, len(ids)))
	for _, id := range ids[:min(n, len(ids))] {
		out[id] = scores[id]
	}
	return out
}
