package ranking

import (
	"cmp"
	"slices"
)

// Evidence is what the signals found about one document.
type Evidence struct {
	// Fulltext is the document's BM25 score (0: no full-text match) and
	// Coverage the IDF-weighted share of query concepts it matched (0..1).
	Fulltext, Coverage float64
	// Vector is the document's vector score (cosine similarity aggregated
	// over its sections); HasVector says the vector
	// signal found the document at all (its score may be 0 or less).
	Vector    float64
	HasVector bool
	// Graph is the graph proximity (0..1, see Proximity); 0 when no seed
	// reaches the document.
	Graph float64
	// Latent is the best cosine of the document's sections to the query
	// in the corpus' latent space (engine/internal/latent); HasLatent says
	// that signal scored the document.
	Latent    float64
	HasLatent bool
}

// Weights are the fusion weights; full text always weighs 1.
type Weights struct {
	Vector float64 // weight of the scaled vector signal
	Graph  float64 // weight of the graph proximity
	// VectorShrink (0..1) lowers the vector's weight when full text is
	// sure: the weight is Vector·(1 − VectorShrink·coverage of the best
	// full-text document).
	VectorShrink float64
	// Latent is the weight of the scaled latent signal, shrunk like the
	// vector's; a search gives it only to queries of at least
	// LatentMinConcepts concepts (see LatentApplies).
	Latent float64
}

// LatentMinConcepts is the number of concepts from which a query is long
// enough for the latent signal: a description of a topic rather than a
// question about a page. Measured on every set (docs/search.md): from 8
// concepts down it lowers ja-docs (0.900 → 0.878); from 10 up every set
// holds or rises.
const LatentMinConcepts = 10

// LatentApplies reports whether a query of the given number of concepts
// gets the latent signal.
func LatentApplies(concepts int) bool { return concepts >= LatentMinConcepts }

// DefaultWeights are chosen on every shared benchmark set together.
var DefaultWeights = Weights{Vector: 0.1, Graph: 0.1, VectorShrink: 0.5, Latent: 0.2}

// Scaled are a document's signals on 0..1, as fused.
type Scaled struct {
	Fulltext, Vector, Graph, Latent float64
}

// Scale puts every candidate's signals on 0..1: full text divided by the
// best, vector and latent min–max scaled over the documents each found
// (the lowest gets 0), graph as given.
func Scale[K comparable](ev map[K]Evidence) map[K]Scaled {
	var bestF float64
	var lo, hi float64
	var llo, lhi float64
	first, lfirst := true, true
	for _, e := range ev {
		if e.HasLatent {
			if lfirst {
				llo, lhi, lfirst = e.Latent, e.Latent, false
			}
			llo, lhi = min(llo, e.Latent), max(lhi, e.Latent)
		}
		bestF = max(bestF, e.Fulltext)
		if e.HasVector {
			if first {
				lo, hi, first = e.Vector, e.Vector, false
			}
			lo, hi = min(lo, e.Vector), max(hi, e.Vector)
		}
	}
	out := make(map[K]Scaled, len(ev))
	for k, e := range ev {
		var s Scaled
		if bestF > 0 && e.Fulltext > 0 {
			s.Fulltext = e.Fulltext / bestF
		}
		if e.HasVector && hi > lo {
			s.Vector = (e.Vector - lo) / (hi - lo)
		} else if e.HasVector && hi > 0 {
			s.Vector = 1
		}
		s.Graph = min(max(e.Graph, 0), 1)
		if e.HasLatent && lhi > llo {
			s.Latent = (e.Latent - llo) / (lhi - llo)
		} else if e.HasLatent && lhi > 0 {
			s.Latent = 1
		}
		out[k] = s
	}
	return out
}

// Fuse scores every candidate (see the package comment). A document
// found only through links scores its graph credit alone, below the
// documents it was reached from.
func Fuse[K comparable](ev map[K]Evidence, w Weights) map[K]float64 {
	var bestF, bestCov float64
	for _, e := range ev {
		if e.Fulltext > bestF {
			bestF, bestCov = e.Fulltext, e.Coverage
		}
	}
	shrink := 1 - min(max(w.VectorShrink, 0), 1)*min(max(bestCov, 0), 1)
	wv := w.Vector * shrink
	wl := w.Latent * shrink
	sc := Scale(ev)
	// The largest score possible with the signals present, so scores stay
	// within 0..1 and full text alone reaches 1.
	top := 1.0
	var anyVec, anyGraph, anyLat bool
	for _, x := range sc {
		anyVec = anyVec || x.Vector > 0
		anyGraph = anyGraph || x.Graph > 0
		anyLat = anyLat || x.Latent > 0
	}
	if anyLat {
		top += max(wl, 0)
	}
	if anyVec {
		top += max(wv, 0)
	}
	if anyGraph {
		top += max(w.Graph, 0)
	}
	out := make(map[K]float64, len(ev))
	for k := range ev {
		s := sc[k]
		if sc := s.Fulltext + wv*s.Vector + w.Graph*s.Graph + wl*s.Latent; sc > 0 {
			out[k] = sc / top
		}
	}
	return out
}

// Proximity is the graph credit of a document hops links away from a seed
// of the given strength (0..1): strength / (1 + hops). A seed earns none
// from itself (hops 0).
func Proximity(strength float64, hops int) float64 {
	if hops < 1 || strength <= 0 {
		return 0
	}
	return strength / float64(1+hops)
}

// Ranks gives each key its 1-based rank by score, highest first, ties by
// tie (a key's order that does not depend on how it was numbered: for
// documents, their file paths); keys scoring 0 or less get no rank.
func Ranks[K comparable](scores map[K]float64, tie func(a, b K) int) map[K]int {
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
		return tie(a, b)
	})
	r := make(map[K]int, len(keys))
	for i, k := range keys {
		r[k] = i + 1
	}
	return r
}

// SignalRanks are a document's 1-based rank in each signal (0: the signal
// did not find it).
type SignalRanks struct {
	Fulltext, Vector, Graph int
}

// graphTieWeight scales the graph's reciprocal rank in FuseRRF: small
// enough that it never outweighs a difference of content ranks, so it only
// orders documents the content signals tie on.
const graphTieWeight = 1e-9

// FuseRRF is reciprocal-rank fusion of the content signals, full text and
// vector (RRF), with graph proximity breaking ties: a document found only
// through links scores below every document found by content. The graph
// does not count as a third equal signal: a seed earns no graph credit
// from itself, so the neighbours of the best match would rank with it
// (graph rank 1 weighs as much as full-text rank 1), and in RRF a tenth of
// a reciprocal rank already moves a document by several places. Measured
// on every set (make eval, rrf MRR@10 / nDCG@10 for cisi and medline):
// en-docs 0.508 → 0.764, unified-blueprint 0.580 → 0.613, eval/ 0.597 →
// 0.825, ja-docs (whose chapter links became links with rendered names)
// 0.427 → 0.786, cisi and medline (no links) unchanged; the graph at 0.1
// or 0.05 of a reciprocal rank gave en-docs 0.710 / 0.725, ja-docs 0.742 /
// 0.786, unified-blueprint 0.626 / 0.614, eval/ 0.821 / 0.817.
func FuseRRF(k int, r SignalRanks) float64 {
	s := RRF(k, r.Fulltext, r.Vector)
	if r.Graph > 0 {
		s += graphTieWeight * RRF(k, r.Graph)
	}
	return s
}

// RRF is reciprocal-rank fusion: Σ 1/(k + rank) over the ranks given
// (0: the signal did not find the document).
func RRF(k int, ranks ...int) float64 {
	var s float64
	for _, r := range ranks {
		if r > 0 {
			s += 1 / float64(k+r)
		}
	}
	return s
}
