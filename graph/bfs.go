package graph

import (
	"cmp"
	"slices"

	"github.com/ubp-dev/ubp/index"
)

// Direction tells which way an edge was walked.
type Direction string

// The two directions of a walk.
const (
	Outlink  Direction = "outlink"  // along the edge: Parent links to ID
	Backlink Direction = "backlink" // against the edge: ID links to Parent
)

// Hop is a node reached by BFS.
type Hop struct {
	ID    int64
	Depth int // 1..maxDepth
	// Parent is the node it was reached from.
	Parent int64
	// Direction is the direction of the last hop, from Parent: Outlink for a
	// Parent→ID edge, Backlink for an ID→Parent edge.
	Direction Direction
	// LinkType is the type of that last edge.
	LinkType index.LinkType
	// FirstDirection is the direction of the first hop from the start set.
	FirstDirection Direction
}

// BFS walks edges in both directions (a path may mix outlinks and
// backlinks) from the start nodes, up to maxDepth hops. types filters edges
// during the walk (nil or empty means every type): a filtered edge is not
// walked, so a node reachable only through it is not reached. Start nodes
// are not returned; self-loops are ignored; maxDepth < 1 returns nothing.
//
// Each node is returned once, at its smallest depth. When it can be reached
// several ways at that depth, the hop kept has the smallest parent id, then
// Outlink before Backlink, then the link type first in index.LinkTypes. The
// result is sorted by depth, then id.
func (g *Graph) BFS(starts []int64, maxDepth int, types []index.LinkType) []Hop {
	return g.BFSBy(starts, maxDepth, types, cmp.Compare[int64])
}

// BFSBy is BFS with nodes in the order order gives instead of by id: the
// hop kept of the ways to a node has the first parent in that order, and
// the result is sorted by depth, then by order. An order that is not the
// ids' (file paths) gives the same walk whatever the nodes were numbered.
func (g *Graph) BFSBy(starts []int64, maxDepth int, types []index.LinkType, order func(a, b int64) int) []Hop {
	if maxDepth < 1 || len(starts) == 0 {
		return nil
	}
	var allowed map[index.LinkType]bool // nil: every type
	if len(types) > 0 {
		allowed = make(map[index.LinkType]bool, len(types))
		for _, t := range types {
			allowed[t] = true
		}
	}

	// seen holds every start and reached node, with the FirstDirection of
	// reached nodes ("" for starts).
	seen := make(map[int64]Direction, len(starts))
	frontier := make([]int64, 0, len(starts))
	for _, s := range starts {
		if _, dup := seen[s]; !dup {
			seen[s] = ""
			frontier = append(frontier, s)
		}
	}
	slices.SortFunc(frontier, order)

	var hops []Hop
	best := make(map[int64]Hop)
	for depth := 1; depth <= maxDepth && len(frontier) > 0; depth++ {
		clear(best)
		consider := func(id, parent int64, dir Direction, t index.LinkType) {
			if id == parent {
				return // self-loop
			}
			if _, done := seen[id]; done {
				return
			}
			if allowed != nil && !allowed[t] {
				return
			}
			first := dir
			if depth > 1 {
				first = seen[parent]
			}
			h := Hop{ID: id, Depth: depth, Parent: parent, Direction: dir, LinkType: t, FirstDirection: first}
			if cur, ok := best[id]; !ok || preferHopBy(h, cur, order) {
				best[id] = h
			}
		}
		for _, u := range frontier {
			for _, e := range g.out[u] {
				consider(e.To, u, Outlink, e.Type)
			}
			for _, e := range g.in[u] {
				consider(e.From, u, Backlink, e.Type)
			}
		}

		frontier = frontier[:0]
		for id := range best {
			frontier = append(frontier, id)
		}
		slices.SortFunc(frontier, order)
		for _, id := range frontier {
			h := best[id]
			seen[id] = h.FirstDirection
			hops = append(hops, h)
		}
	}
	return hops
}

// preferHop reports whether a is a better way than b to reach the same node
// at the same depth.
func preferHop(a, b Hop) bool { return preferHopBy(a, b, cmp.Compare[int64]) }

// preferHopBy is preferHop with parents in the order order gives.
func preferHopBy(a, b Hop, order func(a, b int64) int) bool {
	if a.Parent != b.Parent {
		return order(a.Parent, b.Parent) < 0
	}
	if a.Direction != b.Direction {
		return a.Direction == Outlink
	}
	return compareLinkType(a.LinkType, b.LinkType) < 0
}

// Proximity scores how close a node at depth hops is: 1/depth (1 at depth
// 1, 0.5 at depth 2, …), and 0 for depth < 1 (unreachable, or the start).
func Proximity(depth int) float64 {
	if depth < 1 {
		return 0
	}
	return 1 / float64(depth)
}

// PreferHop reports whether a is a better way than b to reach the same
// node at the same depth, as BFS chooses: the smaller parent id, then
// Outlink before Backlink, then the link type first in index.LinkTypes.
func PreferHop(a, b Hop) bool { return preferHop(a, b) }

// PreferHopBy is PreferHop with parents in the order order gives (see
// BFSBy).
func PreferHopBy(a, b Hop, order func(a, b int64) int) bool { return preferHopBy(a, b, order) }
