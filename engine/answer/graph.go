package answer

import (
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// GraphOptions are the parameters of GetGraph.
type GraphOptions struct {
	Center   string // "" for the whole graph
	Depth    int    // 1..5; 0 means 2
	Dangling bool   // include dangling targets as nodes
	// Limit pages the whole graph (no Center): at most Limit documents, in
	// file path order from Offset, with the edges that start at them. 0 is
	// the whole graph at once. With a Center it keeps the Limit documents
	// nearest to it (the centre, then by hops and file path), with the
	// edges among them; 0 keeps the whole neighbourhood.
	Limit  int
	Offset int
	// LinkTypes keeps links of these types only (nil or empty: every
	// type). With a Center the walk follows only them, in both directions
	// (the centre is always a node); without one every document is still
	// a node (Limit and Offset page the documents), but only edges of
	// these types are listed, and with Dangling only the dangling targets
	// such a link names.
	LinkTypes []index.LinkType
}

// GraphNode is a document (or a dangling target) in a graph.
type GraphNode struct {
	ID       string        `json:"id"`
	Filepath string        `json:"filepath"`
	Title    string        `json:"title"`
	DocType  index.DocType `json:"doc_type"`
	Dangling bool          `json:"dangling,omitempty"`
}

// GraphEdge is a typed link between two nodes.
type GraphEdge struct {
	Source     string         `json:"source"`
	Target     string         `json:"target"`
	Type       index.LinkType `json:"type"`
	SourcePath string         `json:"source_filepath"`
	TargetPath string         `json:"target_filepath,omitempty"` // "" for a dangling target
}

// GraphResult is the answer of GetGraph. A paged answer (GraphOptions.Limit)
// also says how many documents the whole graph has (Total) and where the
// next page starts (NextOffset, 0 after the last page).
type GraphResult struct {
	Nodes      []GraphNode `json:"nodes"`
	Edges      []GraphEdge `json:"edges"`
	Total      int         `json:"total,omitempty"`
	NextOffset int         `json:"next_offset,omitempty"`
	// Truncated is set when a centre's neighbourhood held more documents
	// than Limit (Total counts them all).
	Truncated bool `json:"truncated,omitempty"`
	// AlsoMatches are the other pages the centre's name names as well (a
	// title, file name or alias several pages share): the centre is the
	// shallowest, as get-page picks it.
	AlsoMatches []string `json:"also_matches,omitempty"`
}

// GraphNodeDetail is what a graph view shows of a document beyond the
// node GetGraph returns: its current staleness with the refs that changed
// (and why), its tags and aliases as written, and how many documents link
// to it.
type GraphNodeDetail struct {
	Staleness stale.Level `json:"staleness"`
	StaleRefs []RefStatus `json:"stale_refs"`
	Tags      []string    `json:"tags"`
	Aliases   []string    `json:"aliases"`
	Backlinks int         `json:"backlinks"`
}
