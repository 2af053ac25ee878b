package answer

import (
	"github.com/ubp-dev/ubp/index"
)

// ContextOptions are the parameters of GetContext.
type ContextOptions struct {
	Page    string // filepath, title or alias
	Depth   int    // 1..3; 0 means 2
	MaxSize int    // bytes of output; 0 means 50000
}

// ContextCenter is the page at the centre of a context.
type ContextCenter struct {
	DocID     string `json:"doc_id"`
	Filepath  string `json:"filepath"`
	Title     string `json:"title"`
	Content   string `json:"content"`
	Truncated bool   `json:"truncated,omitempty"`
}

// ContextNeighbour is a page near the centre.
type ContextNeighbour struct {
	DocID     string         `json:"doc_id"`
	Filepath  string         `json:"filepath"`
	Title     string         `json:"title"`
	LinkType  index.LinkType `json:"link_type"`
	Direction string         `json:"direction"` // outlink or backlink: the last hop, from Via (or the centre)
	Summary   string         `json:"summary"`
	Depth     int            `json:"depth"`
	// Via is the page before this one on the path from the centre (the
	// page it links to or is linked from, by LinkType and Direction);
	// empty at depth 1, where that page is the centre.
	Via string `json:"via,omitempty"`
}

// ContextResult is the answer of GetContext.
type ContextResult struct {
	Center         ContextCenter      `json:"center"`
	Related        []ContextNeighbour `json:"related"`
	TotalSize      int                `json:"total_size"`
	TruncatedCount int                `json:"truncated_count"`
}
