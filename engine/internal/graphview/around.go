package graphview

import (
	"context"
	"fmt"
	"sort"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/linkwalk"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// Whole builds the whole graph of GetGraph without paging: every document
// of meta, the edges of g among them of types (nil or empty: every type;
// several links of one type between the same two documents are one edge)
// and, with dangling, the link targets that resolve to no document that
// such links name (see addDangling). Nodes are ordered by file path,
// edges by source, target and type.
func Whole(ctx context.Context, q store.Querier, g *graph.Graph, meta map[int64]*docmeta.Meta, dangling bool, types []index.LinkType) (answer.GraphResult, error) {
	in := make(map[int64]bool, len(meta))
	for id := range meta {
		in[id] = true
	}
	read := func() ([]pageread.DanglingLink, error) { return pageread.DanglingLinks(ctx, q) }
	return build(g, meta, in, typesOf(types), dangling, read, "")
}

// Around builds the graph of GetGraph around center: center and every
// document within depth links of it, in either direction, with the edges
// among them and, with dangling, the dangling targets they link to; links
// are those of the types links was made for (the walk follows only them),
// and of types (nil or empty: every type), which names them again for the
// dangling links. A
// limit over 0 keeps the limit nearest (see nearest) and sets Total and
// Truncated. It reads what the neighbourhood needs only, never the whole
// graph: the links of the documents fewer than depth hops away (links,
// see linkwalk.Neighbourhood.Within), the links from the farthest kept
// ones to each other, and the metadata of the documents reached (through
// docs). Nodes are ordered by file path (the centre first), edges by
// source, target and type.
func Around(ctx context.Context, q store.Querier, links *linkwalk.Neighbourhood, docs *docmeta.Cache, center int64, depth int, dangling bool, limit int, types []index.LinkType) (answer.GraphResult, error) {
	if err := links.Within(ctx, q, []int64{center}, depth); err != nil {
		return answer.GraphResult{}, fmt.Errorf("read the links around the centre: %w", err)
	}
	hops := links.Graph().BFS([]int64{center}, depth, nil)
	ids := make([]int64, 0, len(hops)+1)
	ids = append(ids, center)
	for _, h := range hops {
		ids = append(ids, h.ID)
	}
	meta := make(map[int64]*docmeta.Meta, len(ids))
	if err := docs.Add(ctx, q, meta, ids); err != nil {
		return answer.GraphResult{}, fmt.Errorf("read the documents around the centre: %w", err)
	}
	in := make(map[int64]bool, len(ids))
	for _, id := range ids {
		in[id] = true
	}
	total, truncated := 0, false
	if limit > 0 && len(in) > limit {
		total, truncated = nearest(in, hops, meta, center, limit), true
	}
	kept := make([]int64, 0, len(in))
	for id := range in {
		kept = append(kept, id)
	}
	if err := links.Among(ctx, q, kept); err != nil {
		return answer.GraphResult{}, fmt.Errorf("read the links around the centre: %w", err)
	}
	read := func() ([]pageread.DanglingLink, error) { return pageread.DanglingLinksFrom(ctx, q, kept) }
	centerID := ""
	if d := meta[center]; d != nil {
		centerID = d.DocID
	}
	res, err := build(links.Graph(), meta, in, typesOf(types), dangling, read, centerID)
	if err != nil {
		return answer.GraphResult{}, err
	}
	res.Total, res.Truncated = total, truncated
	return res, nil
}

// build is the graph of the documents in (those of meta), the edges of g
// among them of the types keep keeps, one per type between two documents,
// and with dangling the dangling links of those types readDangling returns
// of them, sorted with centerID (if any) first.
func build(g *graph.Graph, meta map[int64]*docmeta.Meta, in map[int64]bool, keep typeSet, dangling bool,
	readDangling func() ([]pageread.DanglingLink, error), centerID string,
) (answer.GraphResult, error) {
	res := answer.GraphResult{Nodes: []answer.GraphNode{}, Edges: []answer.GraphEdge{}}
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
			if !in[ed.To] || seen[k] || !keep.keeps(ed.Type) {
				continue
			}
			seen[k] = true
			res.Edges = append(res.Edges, answer.GraphEdge{Source: meta[id].DocID, Target: meta[ed.To].DocID, Type: ed.Type,
				SourcePath: meta[id].Filepath, TargetPath: meta[ed.To].Filepath})
		}
	}
	if dangling {
		links, err := readDangling()
		if err != nil {
			return answer.GraphResult{}, err
		}
		addDangling(links, meta, in, keep, &res)
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
