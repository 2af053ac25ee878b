package graphhtml

import (
	"github.com/ubp-dev/ubp/engine"
)

// Data is the graph as the page reads it: the JSON embedded in the HTML.
type Data struct {
	Center string `json:"center,omitempty"` // node id of --center, "" for the whole graph
	Depth  int    `json:"depth,omitempty"`  // --depth when Center is set
	Nodes  []Node `json:"nodes"`
	Edges  []Edge `json:"edges"`
}

// Node is a document (or a dangling link target) with what the view shows
// of it and its precomputed position.
type Node struct {
	ID        string   `json:"id"`
	Path      string   `json:"path,omitempty"`
	Title     string   `json:"title"`
	DocType   string   `json:"doc_type"`
	Staleness string   `json:"staleness"` // fresh, possibly_stale, stale, untracked; "dangling" for a dangling target
	Reasons   []Reason `json:"reasons,omitempty"`
	Tags      []string `json:"tags,omitempty"`
	Aliases   []string `json:"aliases,omitempty"`
	Backlinks int      `json:"backlinks"`
	Dangling  bool     `json:"dangling,omitempty"`
	X         float64  `json:"x"`
	Y         float64  `json:"y"`
}

// Reason is one changed source ref of a stale document.
type Reason struct {
	Ref    string `json:"ref"`
	Line   int    `json:"line"`
	Reason string `json:"reason"`
}

// Edge is a typed, directed link from Source to Target.
type Edge struct {
	Source string `json:"source"`
	Target string `json:"target"`
	Type   string `json:"type"`
}

// Build turns a graph and its node details into the page's data, with
// positions from Layout. Dangling targets get the staleness "dangling" and
// their backlinks counted from g's edges; a document missing from details
// is "untracked".
func Build(g engine.GraphResult, details map[string]engine.GraphNodeDetail, center string, depth int) Data {
	d := Data{Nodes: make([]Node, len(g.Nodes)), Edges: make([]Edge, len(g.Edges))}
	if center != "" && len(g.Nodes) > 0 {
		d.Center, d.Depth = g.Nodes[0].ID, depth // GetGraph puts the centre first
	}
	pos := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		pos[n.ID] = i
		node := Node{ID: n.ID, Path: n.Filepath, Title: n.Title, DocType: string(n.DocType), Dangling: n.Dangling, Staleness: "untracked"}
		if n.Dangling {
			node.Staleness = "dangling"
		} else if det, ok := details[n.ID]; ok {
			node.Staleness = string(det.Staleness)
			node.Tags, node.Aliases, node.Backlinks = det.Tags, det.Aliases, det.Backlinks
			for _, r := range det.StaleRefs {
				node.Reasons = append(node.Reasons, Reason{Ref: r.Ref, Line: r.Line, Reason: string(r.Reason)})
			}
		}
		d.Nodes[i] = node
	}
	links := make([][2]int, 0, len(g.Edges))
	for i, e := range g.Edges {
		d.Edges[i] = Edge{Source: e.Source, Target: e.Target, Type: string(e.Type)}
		from, ok1 := pos[e.Source]
		to, ok2 := pos[e.Target]
		if ok1 && ok2 {
			links = append(links, [2]int{from, to})
			if d.Nodes[to].Dangling {
				d.Nodes[to].Backlinks++
			}
		}
	}
	xy := Layout(len(d.Nodes), links, LayoutOptions{})
	for i := range d.Nodes {
		d.Nodes[i].X, d.Nodes[i].Y = xy[i][0], xy[i][1]
	}
	return d
}
