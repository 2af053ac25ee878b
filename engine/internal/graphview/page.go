package graphview

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// CheckPage checks the paging options of GetGraph: a positive Limit, an
// Offset of 0 or more, and no Center (a page is of the whole graph).
func CheckPage(opts answer.GraphOptions) error {
	// (A centre's neighbourhood is checked by CheckAround.)
	if opts.Limit == 0 {
		return &answer.ArgumentError{Param: "offset", Message: "pages come with limit (the page size): give limit too"}
	}
	if opts.Limit < 0 {
		return &answer.ArgumentError{Param: "limit", Message: fmt.Sprintf("must be positive, got %d", opts.Limit)}
	}
	if opts.Offset < 0 {
		return &answer.ArgumentError{Param: "offset", Message: fmt.Sprintf("must be 0 or positive, got %d", opts.Offset)}
	}
	return nil
}

// Page builds one page of the whole graph (options checked by CheckPage):
// the documents from offset to offset+limit in file path order, the edges
// of g that start at them (to any document, so that every edge is on
// exactly one page) and, with dangling, the dangling targets they link
// to; with types (nil or empty: every type) only links of those types make
// edges and dangling targets, while every document is still on its page.
// Its cost follows the page size: one ordered read of limit documents
// and their out-edges, not a walk over every document.
func Page(ctx context.Context, q store.Querier, g *graph.Graph, meta map[int64]*docmeta.Meta, limit, offset int, dangling bool, types []index.LinkType) (answer.GraphResult, error) {
	keep := typesOf(types)
	res := answer.GraphResult{Nodes: []answer.GraphNode{}, Edges: []answer.GraphEdge{}}
	total, ids, err := pageread.DocumentPage(ctx, q, limit, offset)
	if err != nil {
		return answer.GraphResult{}, err
	}
	res.Total = total
	in := map[int64]bool{}
	type edgeKey struct {
		to int64
		t  string
	}
	for _, id := range ids {
		d := meta[id]
		if d == nil {
			continue
		}
		in[id] = true
		res.Nodes = append(res.Nodes, answer.GraphNode{ID: d.DocID, Filepath: d.Filepath, Title: d.Title, DocType: d.DocType})
		seen := map[edgeKey]bool{}
		for _, ed := range g.Out(id) {
			to := meta[ed.To]
			k := edgeKey{ed.To, string(ed.Type)}
			if to == nil || seen[k] || !keep.keeps(ed.Type) {
				continue
			}
			seen[k] = true
			res.Edges = append(res.Edges, answer.GraphEdge{Source: d.DocID, Target: to.DocID, Type: ed.Type,
				SourcePath: d.Filepath, TargetPath: to.Filepath})
		}
	}
	if dangling && len(in) > 0 {
		links, err := pageread.DanglingLinksFrom(ctx, q, ids)
		if err != nil {
			return answer.GraphResult{}, err
		}
		addDangling(links, meta, in, keep, &res)
	}
	res.Sort("")
	if next := offset + len(DocumentNodes(res)); next < res.Total {
		res.NextOffset = next
	}
	return res, nil
}

// DocumentNodes returns the document nodes of a graph (not the dangling
// targets).
func DocumentNodes(res answer.GraphResult) []answer.GraphNode {
	var out []answer.GraphNode
	for _, n := range res.Nodes {
		if !n.Dangling {
			out = append(out, n)
		}
	}
	return out
}

// CheckAround checks the options of a centre's neighbourhood: no offset
// (it comes in one answer), a limit of 0 (all) or more.
func CheckAround(opts answer.GraphOptions) error {
	if opts.Offset != 0 {
		return &answer.ArgumentError{Param: "offset", Message: "pages the whole graph only; with center, limit keeps the nearest documents"}
	}
	if opts.Limit < 0 {
		return &answer.ArgumentError{Param: "limit", Message: fmt.Sprintf("must be 0 (all) or positive, got %d", opts.Limit)}
	}
	return nil
}
