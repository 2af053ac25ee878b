package search

import (
	"context"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// linkedPages lists the direct neighbours of a document (links of
// LinkTypes only), outlinks first, each part by file path, at most
// answer.MaxLinkedPages of them with their summaries, and how many there
// are.
func (s *Run) linkedPages(ctx context.Context, tx store.Querier, id int64) ([]answer.LinkedPage, int, error) {
	allowed := func(t index.LinkType) bool {
		if len(s.opts.LinkTypes) == 0 {
			return true
		}
		for _, a := range s.opts.LinkTypes {
			if a == t {
				return true
			}
		}
		return false
	}
	type key struct {
		doc int64
		t   index.LinkType
		dir graph.Direction
	}
	seen := map[key]bool{}
	out := []answer.LinkedPage{}
	total := 0
	add := func(other int64, t index.LinkType, dir graph.Direction) error {
		k := key{other, t, dir}
		d := s.meta[other]
		if other == id || d == nil || seen[k] || !allowed(t) {
			return nil
		}
		seen[k] = true
		if total++; len(out) >= answer.MaxLinkedPages {
			return nil
		}
		summary, err := s.src.Summary(ctx, tx, other)
		if err != nil {
			return err
		}
		out = append(out, answer.LinkedPage{DocID: d.DocID, Filepath: d.Filepath, Title: d.Title, LinkType: t, Direction: string(dir), Summary: summary})
		return nil
	}
	for _, e := range s.byOtherPath(s.g.Out(id), func(e graph.Edge) int64 { return e.To }) {
		if err := add(e.To, e.Type, graph.Outlink); err != nil {
			return nil, 0, err
		}
	}
	for _, e := range s.byOtherPath(s.g.In(id), func(e graph.Edge) int64 { return e.From }) {
		if err := add(e.From, e.Type, graph.Backlink); err != nil {
			return nil, 0, err
		}
	}
	return out, total, nil
}

// byOtherPath orders a document's edges (sorted by the other end's id, then
// link type: graph.Out, graph.In) by the other end's file path instead,
// keeping the link type order of each: by id, in an index kept up to date
// a page added later came after those added before, and the first
// answer.MaxLinkedPages were others than a fresh index of the same files
// lists.
func (s *Run) byOtherPath(es []graph.Edge, other func(graph.Edge) int64) []graph.Edge {
	slices.SortStableFunc(es, func(a, b graph.Edge) int { return s.byPath(other(a), other(b)) })
	return es
}

// readLinked reads the direct links of the hits ids and the metadata of
// the documents they link with.
func (s *Run) readLinked(ctx context.Context, tx store.Querier, ids []int64) error {
	if s.links == nil {
		var err error
		if s.links, err = s.src.Links.Neighbourhood(ctx, tx, s.opts.LinkTypes); err != nil {
			return err
		}
		s.g = s.links.Graph()
	}
	if _, err := s.links.Expand(ctx, tx, ids); err != nil {
		return fmt.Errorf("load link graph: %w", err)
	}
	var others []int64
	for _, id := range ids {
		for _, e := range s.g.Out(id) {
			others = append(others, e.To)
		}
		for _, e := range s.g.In(id) {
			others = append(others, e.From)
		}
	}
	return s.src.Docs.Add(ctx, tx, s.meta, others)
}
