package engine

import (
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// graphEvidence is how the graph signal reached a document: from which seed
// and by which hop (Hop.Depth 0: only as a seed itself).
type graphEvidence struct {
	Score float64 // seed strength × 1/hops, or the document's own seed strength
	Seed  int64
	Hop   graph.Hop
}

// maxSeeds bounds the documents the graph walk starts from.
const maxSeeds = 10

// graphSignal walks the graph from each seed (best content documents first,
// with their strength 0..1) up to depth hops, following only links of the
// given types (nil: all) in both directions. A document's graph score is the
// largest seed strength × graph.Proximity(hops) over the other seeds
// reaching it, and for a seed at least its own strength: a seed is at
// distance 0 from the query's best documents, closer than any neighbour.
// (Without that, the best content document would rank below the documents
// it links to on graph proximity, and a densely linked corpus would push
// its neighbours past it.) The evidence kept is the best neighbour's, for
// the relevance reason.
func graphSignal(g *graph.Graph, seeds []int64, strength map[int64]float64, depth int, types []index.LinkType) map[int64]graphEvidence {
	out := map[int64]graphEvidence{}
	for _, s := range seeds {
		st := strength[s]
		if st <= 0 {
			continue
		}
		for _, h := range g.BFS([]int64{s}, depth, types) {
			sc := st * graph.Proximity(h.Depth)
			if cur, ok := out[h.ID]; !ok || sc > cur.Score {
				out[h.ID] = graphEvidence{Score: sc, Seed: s, Hop: h}
			}
		}
	}
	for _, s := range seeds {
		if st := strength[s]; st > out[s].Score {
			ev := out[s]
			ev.Score = st
			out[s] = ev
		}
	}
	return out
}

// pickSeeds returns up to n documents with the best content scores and their
// strength relative to the best.
func pickSeeds(content map[int64]float64, n int) ([]int64, map[int64]float64) {
	ids := topDocs(content)
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids, normaliseByMax(content)
}
