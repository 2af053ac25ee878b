package engine

import (
	"context"
	"database/sql"
	"fmt"
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
		meta, err := e.docMetas(ctx, tx) // cached between index changes
		if err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM documents`).Scan(&res.Total); err != nil {
			return fmt.Errorf("count documents: %w", err)
		}
		rows, err := tx.QueryContext(ctx, `SELECT id FROM documents ORDER BY filepath, doc_id LIMIT ? OFFSET ?`, opts.Limit, opts.Offset)
		if err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
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
	sortGraph(&res, "")
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
