package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/reader"
)

// graphPage answers GetGraph for one page of the whole graph: the
// documents from Offset to Offset+Limit in file path order, the edges that
// start at them (to any document, so that every edge is on exactly one
// page) and, with Dangling, the dangling targets they link to. Its cost
// follows the page size: one ordered read of Limit documents and their
// out-edges, not a walk over every document.
func (e *Engine) graphPage(ctx context.Context, opts GraphOptions) (GraphResult, error) {
	if opts.Center != "" {
		return GraphResult{}, &ArgumentError{Param: "limit", Message: "pages the whole graph only; omit it with center"}
	}
	if opts.Limit <= 0 {
		return GraphResult{}, &ArgumentError{Param: "limit", Message: fmt.Sprintf("must be positive, got %d", opts.Limit)}
	}
	if opts.Offset < 0 {
		return GraphResult{}, &ArgumentError{Param: "offset", Message: fmt.Sprintf("must be 0 or positive, got %d", opts.Offset)}
	}
	g, err := e.LoadGraph(ctx)
	if err != nil {
		return GraphResult{}, fmt.Errorf("load link graph: %w", err)
	}
	res := GraphResult{Nodes: []GraphNode{}, Edges: []GraphEdge{}}
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		meta, err := e.docs.All(ctx, tx) // cached between index changes
		if err != nil {
			return err
		}
		total, ids, err := reader.DocumentPage(ctx, tx, opts.Limit, opts.Offset)
		if err != nil {
			return err
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
			res.Nodes = append(res.Nodes, GraphNode{ID: d.DocID, Filepath: d.Filepath, Title: d.Title, DocType: d.DocType})
			seen := map[edgeKey]bool{}
			for _, ed := range g.Out(id) {
				to := meta[ed.To]
				k := edgeKey{ed.To, string(ed.Type)}
				if to == nil || seen[k] {
					continue
				}
				seen[k] = true
				res.Edges = append(res.Edges, GraphEdge{Source: d.DocID, Target: to.DocID, Type: ed.Type,
					SourcePath: d.Filepath, TargetPath: to.Filepath})
			}
		}
		if opts.Dangling && len(in) > 0 {
			if err := addDangling(ctx, tx, meta, in, &res); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return GraphResult{}, err
	}
	res.Sort("")
	if next := opts.Offset + len(documentNodes(res)); next < res.Total {
		res.NextOffset = next
	}
	return res, nil
}

// documentNodes returns the document nodes of a graph (not the dangling targets).
func documentNodes(res GraphResult) []GraphNode {
	var out []GraphNode
	for _, n := range res.Nodes {
		if !n.Dangling {
			out = append(out, n)
		}
	}
	return out
}
