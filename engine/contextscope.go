package engine

import "github.com/ubp-dev/ubp/graph"

// Scopes of a neighbour of a context centred on a section
// (ContextNeighbour.Scope).
const (
	scopeSection = "section"
	scopePage    = "page"
)

// sectionFirst orders the hops of a context centred on a section (hops as
// graph.BFSBy gives them from the page, by depth then order; first the
// section's own first hops, SectionLinks): those reached through the
// section come first, then the rest, each part in the order it had. A
// depth-1 hop the section makes is taken by the section's link; a deeper
// one is reached through the section when a page at the depth before it
// is, and is then taken from the best of those (by graph.PreferHopBy,
// parents in order), not from a page the rest of the page reaches.
// inSection holds the hops reached through the section.
func sectionFirst(g *graph.Graph, hops []graph.Hop, first map[int64]graph.Hop, order func(a, b int64) int) (ordered []graph.Hop, inSection map[int64]bool) {
	inSection = map[int64]bool{}
	depth := make(map[int64]int, len(hops))
	for _, h := range hops {
		depth[h.ID] = h.Depth
	}
	section := make([]graph.Hop, 0, len(first))
	var rest []graph.Hop
	for _, h := range hops {
		best, ok := h, false
		if h.Depth == 1 {
			best, ok = first[h.ID]
			ok = ok && best.ID == h.ID
		} else {
			consider := func(parent int64, dir graph.Direction, e graph.Edge) {
				if !inSection[parent] || depth[parent] != h.Depth-1 {
					return
				}
				c := graph.Hop{ID: h.ID, Depth: h.Depth, Parent: parent, Direction: dir, LinkType: e.Type, FirstDirection: h.FirstDirection}
				if !ok || graph.PreferHopBy(c, best, order) {
					best, ok = c, true
				}
			}
			for _, e := range g.In(h.ID) {
				consider(e.From, graph.Outlink, e)
			}
			for _, e := range g.Out(h.ID) {
				consider(e.To, graph.Backlink, e)
			}
		}
		if ok {
			inSection[h.ID] = true
			section = append(section, best)
		} else {
			rest = append(rest, h)
		}
	}
	return append(section, rest...), inSection
}
