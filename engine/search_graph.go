package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/sqlbatch"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/ranking"
)

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
func pickSeeds(content map[int64]float64, n int) ([]int64, map[int64]float64) {
	ids := topDocs(content)
	if len(ids) > n {
		ids = ids[:n]
	}
	return ids, normaliseByMax(content)
}

// linkNeighbourhood is the part of the link graph one search walks, read
// from the links table as the walk needs it instead of the whole graph:
// every resolved link from or to each expanded document.
type linkNeighbourhood struct {
	g        *graph.Graph
	types    map[index.LinkType]bool // nil: every type
	expanded map[int64]bool
	links    map[int64]bool // links.id already added
}

func newLinkNeighbourhood(types []index.LinkType) *linkNeighbourhood {
	n := &linkNeighbourhood{g: graph.New(), expanded: map[int64]bool{}, links: map[int64]bool{}}
	if len(types) > 0 {
		n.types = map[index.LinkType]bool{}
		for _, t := range types {
			n.types[t] = true
		}
	}
	return n
}

// within reads the links a walk of depth hops from any of starts can take:
// those of every document fewer than depth hops away.
func (n *linkNeighbourhood) within(ctx context.Context, db querier, starts []int64, depth int) error {
	frontier := starts
	for d := 0; d < depth && len(frontier) > 0; d++ {
		var err error
		if frontier, err = n.expand(ctx, db, frontier); err != nil {
			return err
		}
	}
	return nil
}

// expand reads the links from and to each of ids not expanded yet (of the
// neighbourhood's types) and returns the documents they reach that are not
// expanded yet.
func (n *linkNeighbourhood) expand(ctx context.Context, db querier, ids []int64) ([]int64, error) {
	var need []int64
	for _, id := range ids {
		if !n.expanded[id] {
			n.expanded[id] = true
			need = append(need, id)
		}
	}
	if len(need) == 0 {
		return nil, nil
	}
	var reached []int64
	add := func(rows *sql.Rows) error {
		var id, from, to int64
		var lt string
		if err := rows.Scan(&id, &from, &to, &lt); err != nil {
			return err
		}
		t := index.LinkType(lt)
		if n.links[id] || n.types != nil && !n.types[t] {
			return nil
		}
		n.links[id] = true
		n.g.AddEdge(from, to, t)
		for _, other := range []int64{from, to} {
			if !n.expanded[other] {
				reached = append(reached, other)
			}
		}
		return nil
	}
	for _, q := range []string{
		`SELECT id, source_id, target_id, link_type FROM links WHERE source_id IN (%s) AND target_id IS NOT NULL`,
		`SELECT id, source_id, target_id, link_type FROM links WHERE target_id IN (%s)`,
	} {
		if err := sqlbatch.QueryIDs(ctx, db, need, q, add); err != nil {
			return nil, fmt.Errorf("read links: %w", err)
		}
	}
	return reached, nil
}
