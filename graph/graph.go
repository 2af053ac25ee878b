package graph

import (
	"slices"

	"github.com/ubp-dev/ubp/index"
)

// Edge is one directed, typed link between two documents.
type Edge struct {
	From int64
	To   int64
	Type index.LinkType
}

// Graph is an in-memory directed multigraph of document ids. The zero value
// is not ready: use New. It is not safe for concurrent writes; concurrent
// reads (BFS, Out, In, Nodes) are safe once it is built.
type Graph struct {
	out   map[int64][]Edge
	in    map[int64][]Edge
	nodes map[int64]struct{}
}

// New returns an empty graph.
func New() *Graph {
	return &Graph{
		out:   make(map[int64][]Edge),
		in:    make(map[int64][]Edge),
		nodes: make(map[int64]struct{}),
	}
}

// AddNode adds a node without edges (adding it again is harmless).
func (g *Graph) AddNode(id int64) {
	g.nodes[id] = struct{}{}
}

// AddEdge adds the edge from→to of type t, and both nodes. Duplicates are
// kept: a document may link to another several times.
func (g *Graph) AddEdge(from, to int64, t index.LinkType) {
	e := Edge{From: from, To: to, Type: t}
	g.out[from] = append(g.out[from], e)
	g.in[to] = append(g.in[to], e)
	g.nodes[from] = struct{}{}
	g.nodes[to] = struct{}{}
}

// Out returns the edges leaving id, sorted by target then link type order.
func (g *Graph) Out(id int64) []Edge {
	return sortedEdges(g.out[id], func(e Edge) int64 { return e.To })
}

// In returns the edges arriving at id, sorted by source then link type order.
func (g *Graph) In(id int64) []Edge {
	return sortedEdges(g.in[id], func(e Edge) int64 { return e.From })
}

// sortedEdges returns a sorted copy of es, ordered by the other end's id,
// then link type order; duplicates keep their insertion order.
func sortedEdges(es []Edge, other func(Edge) int64) []Edge {
	if len(es) == 0 {
		return nil
	}
	s := slices.Clone(es)
	slices.SortStableFunc(s, func(a, b Edge) int {
		if oa, ob := other(a), other(b); oa != ob {
			if oa < ob {
				return -1
			}
			return 1
		}
		return compareLinkType(a.Type, b.Type)
	})
	return s
}

// Nodes returns every node id, sorted.
func (g *Graph) Nodes() []int64 {
	ids := make([]int64, 0, len(g.nodes))
	for id := range g.nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// linkTypeRank is the position of each known type in index.LinkTypes.
var linkTypeRank = func() map[index.LinkType]int {
	m := make(map[index.LinkType]int, len(index.LinkTypes))
	for i, t := range index.LinkTypes {
		m[t] = i
	}
	return m
}()

// compareLinkType orders link types as index.LinkTypes does; unknown types
// come after known ones, by name.
func compareLinkType(a, b index.LinkType) int {
	ra, oka := linkTypeRank[a]
	rb, okb := linkTypeRank[b]
	switch {
	case oka && okb:
		return ra - rb
	case oka:
		return -1
	case okb:
		return 1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
