package answer

import (
	"cmp"
	"slices"
)

// Sort orders the nodes by file path (dangling ones after documents, by
// target; the node centerID first) and the edges by source, target and
// type: the order GetGraph answers in.
func (g *GraphResult) Sort(centerID string) {
	slices.SortFunc(g.Nodes, func(a, b GraphNode) int {
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
	slices.SortFunc(g.Edges, func(a, b GraphEdge) int {
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Target, b.Target), cmp.Compare(a.Type, b.Type))
	})
}
