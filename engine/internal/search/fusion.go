package search

import (
	"cmp"
	"slices"

	"github.com/ubp-dev/ubp/ranking"
)

// Signal names, as shown by Explain.
const (
	SignalVector   = "vector"
	SignalGraph    = "graph"
	SignalFulltext = "fulltext"
)

// signalScores are one document's signals on 0..1 as fused (see
// ranking.Scale): full text relative to the best document, the vector
// min–max scaled over the documents it found, graph proximity.
type signalScores struct {
	Vector, Graph, Fulltext float64
}

// presence says which signals ran and found something for a query.
type presence struct {
	Vector, Graph, Fulltext bool
}

// signalRanks are a document's 1-based rank in each signal (0: not found).
type signalRanks struct {
	Vector, Graph, Fulltext int
}

// rankBy gives each key its 1-based rank by score (see ranking.Ranks).
func rankBy[K cmp.Ordered](scores map[K]float64) map[K]int { return ranking.Ranks(scores) }

// normaliseByMax divides every score by the largest (which becomes 1).
func normaliseByMax[K comparable](scores map[K]float64) map[K]float64 {
	var best float64
	for _, s := range scores {
		best = max(best, s)
	}
	out := make(map[K]float64, len(scores))
	if best <= 0 {
		return out
	}
	for k, s := range scores {
		if s > 0 {
			out[k] = s / best
		}
	}
	return out
}

// topDocs returns document ids by score, best first, ties by id.
func topDocs(scores map[int64]float64) []int64 {
	ids := make([]int64, 0, len(scores))
	for id := range scores {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return ids
}
