package engine

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/index"
)

// danglingIDPrefix starts the id of a node standing for a dangling link
// target (text that resolves to no document).
const danglingIDPrefix = "dangling:"

// GetGraph returns documents as nodes and their links as typed edges. With
// no Center it is the whole graph; with a Center it is that page and every
// document within Depth (1–5) links of it in either direction, with the
// edges among them. Several links of one type between the same two
// documents are one edge. With Dangling, link targets that resolve to no
// document become nodes of their own (id "dangling:<target>", Dangling
// true), with edges from the documents that link to them.
//
// Nodes are ordered by file path (the centre first when there is one),
// edges by source, target and type.
func (e *Engine) GetGraph(ctx context.Context, opts GraphOptions) (GraphResult, error) {
	depth, err := checkDepth(opts.Depth, DefaultGraphDepth, MaxGraphDepth)
	if err != nil {
		return GraphResult{}, err
	}
	if opts.Limit != 0 || opts.Offset != 0 {
		return e.graphPage(ctx, opts)
	}
	g, err := e.LoadGraph(ctx)
	if err != nil {
		return GraphResult{}, fmt.Errorf("load link graph: %w", err)
	}
	var center int64
	if opts.Center != "" {
		if center, _, err = e.ResolvePage(ctx, opts.Center); err != nil {
			return GraphResult{}, err
		}
	}
	res := GraphResult{Nodes: []GraphNode{}, Edges: []GraphEdge{}}
	centerID := ""
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		meta, err := e.docMetas(ctx, tx)
		if err != nil {
			return err
		}
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
			for _, h := range g.BFS([]int64{center}, depth, nil) {
				in[h.ID] = true
			}
		}
		for id := range in {
			d := meta[id]
			if d == nil {
				delete(in, id)
				continue
			}
			res.Nodes = append(res.Nodes, GraphNode{ID: d.DocID, Filepath: d.Filepath, Title: d.Title, DocType: d.DocType})
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
				res.Edges = append(res.Edges, GraphEdge{Source: meta[id].DocID, Target: meta[ed.To].DocID, Type: ed.Type,
					SourcePath: meta[id].Filepath, TargetPath: meta[ed.To].Filepath})
			}
		}
		if opts.Dangling {
			if err := addDangling(ctx, tx, meta, in, &res); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return GraphResult{}, err
	}
	sortGraph(&res, centerID)
	return res, nil
}

// addDangling adds a node for every unresolved link target of the
// documents in the graph, with an edge from each document linking to it.
func addDangling(ctx context.Context, tx querier, meta map[int64]*docMeta, in map[int64]bool, res *GraphResult) error {
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT source_id, target_text, link_type FROM links WHERE target_id IS NULL`)
	if err != nil {
		return fmt.Errorf("read dangling links: %w", err)
	}
	defer rows.Close()
	nodes := map[string]bool{}
	for rows.Next() {
		var src int64
		var target, lt string
		if err := rows.Scan(&src, &target, &lt); err != nil {
			return fmt.Errorf("read dangling links: %w", err)
		}
		if !in[src] {
			continue
		}
		id := danglingIDPrefix + target
		if !nodes[id] {
			nodes[id] = true
			res.Nodes = append(res.Nodes, GraphNode{ID: id, Title: target, DocType: index.DocOther, Dangling: true})
		}
		t, _ := index.ParseLinkType(lt)
		res.Edges = append(res.Edges, GraphEdge{Source: meta[src].DocID, Target: id, Type: t, SourcePath: meta[src].Filepath})
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read dangling links: %w", err)
	}
	return nil
}

// sortGraph orders nodes by file path (dangling ones after documents, by
// target; the centre first) and edges by source, target, type.
func sortGraph(res *GraphResult, centerID string) {
	slices.SortFunc(res.Nodes, func(a, b GraphNode) int {
		if (a.ID == centerID) != (b.ID == centerID) {
			if a.ID == centerID {
				return -1
			}
			return 1
		}
		if a.Dangling != b.Dangling {
			if b.Dangling {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.Filepath, b.Filepath), cmp.Compare(a.ID, b.ID))
	})
	slices.SortFunc(res.Edges, func(a, b GraphEdge) int {
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Target, b.Target), cmp.Compare(a.Type, b.Type))
	})
}
