package search

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/ranking"
)

// Graph walks from the best content documents (seeds: the top documents
// by full text and vector fused without the graph), reading only the links
// within depth hops of them (see graphSignal).
func (s *Run) Graph(ctx context.Context, tx store.Querier) error {
	w := s.weights
	w.Graph = 0
	s.contentEv = s.evidence()
	content := ranking.Fuse(s.contentEv, w)
	seeds, strength := pickSeeds(content, s.meta, maxSeeds)
	var err error
	if s.links, err = s.src.Links.Neighbourhood(ctx, tx, s.opts.LinkTypes); err != nil {
		return err
	}
	if err := s.links.Within(ctx, tx, seeds, s.depth); err != nil {
		return fmt.Errorf("load link graph: %w", err)
	}
	s.g = s.links.Graph()
	s.graphEv = graphSignal(s.g, seeds, strength, s.depth, s.opts.LinkTypes)
	reached := make([]int64, 0, len(s.graphEv))
	for id := range s.graphEv {
		reached = append(reached, id)
	}
	if err := s.src.Docs.Add(ctx, tx, s.meta, reached); err != nil {
		return err
	}
	s.graphRaw = make(map[int64]float64, len(s.graphEv))
	for id, ev := range s.graphEv {
		if s.meta[id] != nil {
			s.graphRaw[id] = ev.Score
		}
	}
	return nil
}

// graphEvidence is how the graph signal reached a document: from which seed
// and by which hop (Hop.Depth 0: only as a seed itself).
type graphEvidence struct {
	Score float64 // ranking.Proximity(seed strength, hops)
	Seed  int64
	Hop   graph.Hop
}

// maxSeeds bounds the documents the graph walk starts from.
const maxSeeds = 10

// graphSignal walks the graph from each seed (best content documents first,
// with their strength 0..1) up to depth hops, following only links of the
// given types (nil: all) in both directions. A document's graph score is the
// largest ranking.Proximity over the seeds reaching it: strength / (1 +
// hops), so one hop is worth half its seed and a seed earns nothing from
// itself (only from other seeds linking to it). The evidence kept is the
// best seed's, for the relevance reason.
func graphSignal(g *graph.Graph, seeds []int64, strength map[int64]float64, depth int, types []index.LinkType) map[int64]graphEvidence {
	out := map[int64]graphEvidence{}
	for _, s := range seeds {
		st := strength[s]
		if st <= 0 {
			continue
		}
		for _, h := range g.BFS([]int64{s}, depth, types) {
			sc := ranking.Proximity(st, h.Depth)
			if sc <= 0 {
				continue
			}
			if cur, ok := out[h.ID]; !ok || sc > cur.Score {
				out[h.ID] = graphEvidence{Score: sc, Seed: s, Hop: h}
			}
		}
	}
	return out
}

// pickSeeds returns up to n documents with the best content scores and their
// strength relative to the best.
func pickSeeds(content map[int64]float64, meta map[int64]*docmeta.Meta, n int) ([]int64, map[int64]float64) {
	return topDocs(content, meta, n), normaliseByMax(content)
}
