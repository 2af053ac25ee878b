package engine

import (
	"cmp"
	"slices"
)

// Fusion modes.
const (
	fusionWeighted = "weighted"
	fusionRRF      = "rrf"
)

// Signal names, as shown by Explain.
const (
	signalVector   = "vector"
	signalGraph    = "graph"
	signalFulltext = "fulltext"
)

// signalScores are one document's normalised signals, each 0..1:
//
//   - Vector: the document's aggregated calibrated section score (cosine
//     similarity minus the section's hub bias, see vecstore.HubBiases and
//     aggregateSections) divided by the best document's, like full text.
//     Calibration removes what made raw cosines unfit for that: generic
//     sections and long documents that are similar to every query.
//   - Fulltext: the document's full-text score (BM25 per term, scaled by the
//     share of query concepts matched, title boost, section aggregation)
//     divided by the best document's.
//   - Graph: for each seed (a top document by the content signals) that
//     reaches the document within the depth, the seed's strength (its content
//     score relative to the best seed, 0..1) times 1/hops; the largest such
//     value. A seed earns graph credit only from other seeds.
type signalScores struct {
	Vector, Graph, Fulltext float64
}

// presence says which signals ran and found something for a query.
type presence struct {
	Vector, Graph, Fulltext bool
}

// fusionWeights are the weights of the weighted fusion; they sum to 1 when
// any signal is present.
type fusionWeights struct {
	Vector, Graph, Fulltext float64
}

// weightsFor computes α·vector + β·graph + γ·fulltext weights:
//
//	α = alpha (config search.alpha, 0.7 by default)
//	γ = 0.3·(1−α) when full text found something, else 0
//	β = (1−α) − γ
//
// An absent signal's weight is passed on: the vector's to full text (the
// other content signal; to graph only when there is no full text either),
// the graph's to the present content signals in proportion. So a Japanese
// query without a query vector ranks by 0.79·fulltext + 0.21·graph.
func weightsFor(alpha float64, p presence) fusionWeights {
	alpha = min(max(alpha, 0), 1)
	var w fusionWeights
	w.Vector = alpha
	if p.Fulltext {
		w.Fulltext = 0.3 * (1 - alpha)
	}
	w.Graph = (1 - alpha) - w.Fulltext
	if !p.Vector {
		if p.Fulltext {
			w.Fulltext += w.Vector
		} else {
			w.Graph += w.Vector
		}
		w.Vector = 0
	}
	if !p.Graph {
		content := w.Vector + w.Fulltext
		if content > 0 {
			w.Vector += w.Graph * w.Vector / content
			w.Fulltext += w.Graph * w.Fulltext / content
		}
		w.Graph = 0
	}
	if !p.Fulltext {
		w.Fulltext = 0
	}
	sum := w.Vector + w.Graph + w.Fulltext
	if sum == 0 {
		return fusionWeights{}
	}
	return fusionWeights{Vector: w.Vector / sum, Graph: w.Graph / sum, Fulltext: w.Fulltext / sum}
}

// weighted is the weighted fusion of s.
func (w fusionWeights) weighted(s signalScores) float64 {
	return w.Vector*s.Vector + w.Graph*s.Graph + w.Fulltext*s.Fulltext
}

// signalRanks are a document's 1-based rank in each signal (0: not found).
type signalRanks struct {
	Vector, Graph, Fulltext int
}

// rrfScore is reciprocal-rank fusion: Σ 1/(k + rank) over the signals that
// found the document.
func rrfScore(r signalRanks, k int) float64 {
	var s float64
	for _, rank := range []int{r.Vector, r.Graph, r.Fulltext} {
		if rank > 0 {
			s += 1 / float64(k+rank)
		}
	}
	return s
}

// rankBy gives each key its 1-based rank by score, highest first (ties by
// key for determinism); keys with a score of 0 or less get no rank.
func rankBy[K cmp.Ordered](scores map[K]float64) map[K]int {
	keys := make([]K, 0, len(scores))
	for k, s := range scores {
		if s > 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b K) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	ranks := make(map[K]int, len(keys))
	for i, k := range keys {
		ranks[k] = i + 1
	}
	return ranks
}

// aggregateSections turns a document's section scores into one: the best
// section dominates and the next two add a little, max·0.8 + mean(top 3)·0.2
// (at most the best score; a document consistently on topic gains).
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
