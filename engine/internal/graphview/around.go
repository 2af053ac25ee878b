package graphview

import (
	"context"
	"sort"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Around builds the graph of GetGraph without paging: with center 0 every
// document of meta, otherwise center and every document within depth
// links of it in g, in either direction; the edges of g among them
// (several links of one type between the same two documents are one
// edge); and, with dangling, the link targets that resolve to no document
// (see addDangling). Nodes are ordered by file path (the centre first),
// edges by source, target and type.
func Around(ctx context.Context, q store.Querier, g *graph.Graph, meta map[int64]*docmeta.Meta, center int64, depth int, dangling bool, limit int) (answer.GraphResult, error) {
	res := answer.GraphResult{Nodes: []answer.GraphNode{}, Edges: []answer.GraphEdge{}}
	centerID := ""
	if d := meta[center]; d != nil {
		centerID = d.DocID
	}
	in := map[int64]bool{}
	if center == 0 {
		for id := range meta {
			in[id] = true
		}
	} else {
		in[center] = true
		hops := g.BFS([]int64{center}, depth, nil)
		for _, h := range hops {
			in[h.ID] = true
		}
		if limit > 0 && len(in) > limit {
			res.Total, res.Truncated = nearest(in, hops, meta, center, limit), true
		}
	}
	for id := range in {
		d := meta[id]
		if d == nil {
			delete(in, id)
			continue
		}
		res.Nodes = append(res.Nodes, answer.GraphNode{ID: d.DocID, Filepath: d.Filepath, Title: d.Title, DocType: d.DocType})
	}
	type edgeKey struct {
		from, to int64
		t        index.LinkType
	}
	seen := map[edgeKey]bool{}
	for id := range in {
		for _, ed := range g.Out(id) {
			k := edgeKey{id, ed.To, ed.Type}
			if !in[ed.To] || seen[k] {
				continue
			}
			seen[k] = true
			res.Edges = append(res.Edges, answer.GraphEdge{Source: meta[id].DocID, Target: meta[ed.To].DocID, Type: ed.Type,
				SourcePath: meta[id].Filepath, TargetPath: meta[ed.To].Filepath})
		}
	}
	if dangling {
		if err := addDangling(ctx, q, meta, in, &res); err != nil {
			return answer.GraphResult{}, err
		}
	}
	res.Sort(centerID)
	return res, nil
}

// nearest keeps in in the limit documents nearest to center (the centre,
// then by hops, then by file path) and returns how many it held.
func nearest(in map[int64]bool, hops []graph.Hop, meta map[int64]*docmeta.Meta, center int64, limit int) int {
	total := 0
	for id := range in {
		if meta[id] != nil {
			total++
		}
	}
	var order []graph.Hop
	for _, h := range hops {
		if h.ID != center && meta[h.ID] != nil {
			order = append(order, h)
		}
	}
	sort.Slice(order, func(i, j int) bool {
		if order[i].Depth != order[j].Depth {
			return order[i].Depth < order[j].Depth
		}
		return meta[order[i].ID].Filepath < meta[order[j].ID].Filepath
	})
	clear(in)
	if meta[center] != nil {
		in[center] = true
	}
	for _, h := range order {
		if len(in) >= limit {
			break
		}
		in[h.ID] = true
	}
	return total
}
