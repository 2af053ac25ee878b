package engine

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/graphview"
	"github.com/ubp-dev/ubp/engine/internal/params"
)

// GetGraph returns documents as nodes and their links as typed edges. With
// no Center it is the whole graph; with a Center it is that page and every
// document within Depth (1–5) links of it in either direction, with the
// edges among them. Several links of one type between the same two
// documents are one edge. With Dangling, link targets that resolve to no
// document become nodes of their own (id "dangling:<target>", Dangling
// true), with edges from the documents that link to them: the target of a
// Markdown link is the file its path names from the docs folder
// (../settings.md from reference/policies/ is reference/settings.md), of
// a wiki-link its text.
//
// With LinkTypes only links of those types count (unknown types are an
// ArgumentError on link_types): a Center's walk follows only them, and
// the whole graph keeps every document but lists only their edges (and,
// with Dangling, only the dangling targets they name).
//
// Nodes are ordered by file path (the centre first when there is one),
// edges by source, target and type.
func (e *Engine) GetGraph(ctx context.Context, opts GraphOptions) (_ GraphResult, err error) {
	defer e.explainDamage(&err)
	depth, err := params.Depth(opts.Depth, DefaultGraphDepth, MaxGraphDepth)
	if err != nil {
		return GraphResult{}, err
	}
	if err := params.LinkTypes(opts.LinkTypes); err != nil {
		return GraphResult{}, err
	}
	if opts.Center == "" && (opts.Limit != 0 || opts.Offset != 0) {
		return e.graphPage(ctx, opts)
	}
	if err := graphview.CheckAround(opts); err != nil {
		return GraphResult{}, err
	}
	if opts.Center == "" {
		return e.wholeGraph(ctx, opts)
	}
	m, err := e.resolvePageRef(ctx, e.Project(), opts.Center)
	if err != nil {
		return GraphResult{}, err
	}
	center := m.ID
	var res GraphResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		// Only the links (of LinkTypes) and documents within depth hops of
		// the centre.
		links, err := e.links.Neighbourhood(ctx, tx, opts.LinkTypes)
		if err != nil {
			return err
		}
		res, err = graphview.Around(ctx, tx, links, &e.docs, center, depth, opts.Dangling, opts.Limit, opts.LinkTypes)
		return err
	})
	if err != nil {
		return GraphResult{}, err
	}
	res.AlsoMatches = m.Others
	return res, nil
}

// wholeGraph answers GetGraph for the whole graph in one answer.
func (e *Engine) wholeGraph(ctx context.Context, opts GraphOptions) (GraphResult, error) {
	g, err := e.LoadGraph(ctx)
	if err != nil {
		return GraphResult{}, fmt.Errorf("load link graph: %w", err)
	}
	var res GraphResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		meta, err := e.docs.All(ctx, tx) // cached between index changes
		if err != nil {
			return err
		}
		res, err = graphview.Whole(ctx, tx, g, meta, opts.Dangling, opts.LinkTypes)
		return err
	})
	if err != nil {
		return GraphResult{}, err
	}
	return res, nil
}
