package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
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
	depth, err := params.Depth(opts.Depth, DefaultGraphDepth, MaxGraphDepth)
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
		meta, err := e.docs.All(ctx, tx)
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
	res.Sort(centerID)
	return res, nil
}

// addDangling adds a node for every unresolved link target of the
// documents in the graph, with an edge from each document linking to it.
func addDangling(ctx context.Context, tx store.Querier, meta map[int64]*docmeta.Meta, in map[int64]bool, res *GraphResult) error {
	links, err := reader.DanglingLinks(ctx, tx)
	if err != nil {
		return err
	}
	nodes := map[string]bool{}
	for _, l := range links {
		if !in[l.Source] {
			continue
		}
		id := danglingIDPrefix + l.Target
		if !nodes[id] {
			nodes[id] = true
			res.Nodes = append(res.Nodes, GraphNode{ID: id, Title: l.Target, DocType: index.DocOther, Dangling: true})
		}
		res.Edges = append(res.Edges, GraphEdge{Source: meta[l.Source].DocID, Target: id, Type: l.Type, SourcePath: meta[l.Source].Filepath})
	}
	return nil
}
