package engine

import (
	"cmp"
	"slices"

	"github.com/ubp-dev/ubp/ranking"
)

// Signal names, as shown by Explain.
const (
	signalVector   = "vector"
	signalGraph    = "graph"
	signalFulltext = "fulltext"
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

// aggregateSections turns a document's vector section scores into one: the
// best section dominates and the next two add a little, max·0.8 + mean(top
// 3)·0.2 (at most the best score; a document consistently on topic gains).
func aggregateSections(scores []float64) float64 {
	if len(scores) == 0 {
		return 0
	}
	top := slices.Clone(scores)
	slices.SortFunc(top, func(a, b float64) int { return cmp.Compare(b, a) })
	if len(top) > 3 {
		top = top[:3]
	}
	var sum float64
	for _, s := range top {
		sum += s
	}
	return top[0]*0.8 + sum/float64(len(top))*0.2
}

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
