package engine

import (
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// The types in this file are ubp's public answers. The CLI prints them with
// --json and the MCP tools return them as structuredContent, so their JSON
// field names are part of the interface: change them deliberately (the MCP
// schema snapshots will fail until updated).

// PageSummary is one row of ListPages.
type PageSummary struct {
	DocID     string        `json:"doc_id"`
	Filepath  string        `json:"filepath"`
	Title     string        `json:"title"`
	DocType   index.DocType `json:"doc_type"`
	LinkCount int           `json:"link_count"`
	UpdatedAt string        `json:"updated_at"`
}

// ListPagesOptions selects and orders pages.
type ListPagesOptions struct {
	DocType string // "" for all
	Sort    string // title (default), updated_at, filepath
	Order   string // asc (default), desc
	Limit   int    // 0 for no limit
	Offset  int
}

// ListPagesResult is the answer of ListPages. Total counts every page that
// matches the filter, before Limit and Offset; NextOffset is the Offset of
// the next page, 0 when this page is the last.
type ListPagesResult struct {
	Pages      []PageSummary `json:"pages"`
	Total      int           `json:"total"`
	NextOffset int           `json:"next_offset,omitempty"`
}

// PageLink is a link shown on a page, in either direction.
type PageLink struct {
	DocID         string         `json:"doc_id,omitempty"` // "" when dangling
	Filepath      string         `json:"filepath,omitempty"`
	Title         string         `json:"title,omitempty"`
	LinkType      index.LinkType `json:"link_type"`
	Resolved      bool           `json:"resolved"`
	Ambiguous     bool           `json:"ambiguous,omitempty"`
	Target        string         `json:"target"` // as written
	TargetHeading string         `json:"target_heading,omitempty"`
	Line          int            `json:"line"` // line of the link in the linking document
}

// PageSection is a section of a page.
type PageSection struct {
	Heading     string `json:"heading"`
	HeadingPath string `json:"heading_path"`
	Anchor      string `json:"anchor"`
	Content     string `json:"content"`
	StartLine   int    `json:"start_line"`
	EndLine     int    `json:"end_line"`
}

// RefStatus is one source_ref of a document and its current state. For a
// changed ref, Level, Commit, Author and ChangedAt say how and when, as
// `ubp stale` reports it (see StaleReason).
type RefStatus struct {
	Ref         string       `json:"ref"` // path or path#Symbol as written
	Line        int          `json:"line"`
	Changed     bool         `json:"changed"`
	Reason      stale.Reason `json:"reason,omitempty"`
	Level       stale.Level  `json:"level,omitempty"`
	Commit      string       `json:"commit,omitempty"`
	Author      string       `json:"author,omitempty"`
	ChangedAt   string       `json:"changed_at,omitempty"` // RFC 3339
	Uncommitted bool         `json:"uncommitted,omitempty"`
}

// StaleReason says why a document is not fresh: the baseline it was
// compared with (git or index, as staleness.baseline chose) and the ref
// change that sets its level (the worst, then the oldest). Search results,
// pages and status carry it for every document that is not fresh.
type StaleReason struct {
	Baseline    string       `json:"baseline"`
	Ref         string       `json:"ref"` // as written
	Line        int          `json:"line"`
	Reason      stale.Reason `json:"reason"`
	Commit      string       `json:"commit,omitempty"`
	Author      string       `json:"author,omitempty"`
	ChangedAt   string       `json:"changed_at,omitempty"` // RFC 3339
	Uncommitted bool         `json:"uncommitted,omitempty"`
	// ChangedRefs counts the document's changed refs, this one included.
	ChangedRefs int `json:"changed_refs"`
	// Summary says the same in one line, for people and agents.
	Summary string `json:"summary"`
}

// StaleDocument is one document that is not fresh, in Status.
type StaleDocument struct {
	Filepath string      `json:"filepath"`
	Level    stale.Level `json:"level"`
	Reason   StaleReason `json:"reason"`
}

// Page is the whole of one document.
type Page struct {
	DocID      string        `json:"doc_id"`
	Filepath   string        `json:"filepath"`
	Title      string        `json:"title"`
	DocType    index.DocType `json:"doc_type"`
	Content    string        `json:"content"`
	Sections   []PageSection `json:"sections"`
	Outlinks   []PageLink    `json:"outlinks"`
	Backlinks  []PageLink    `json:"backlinks"`
	SourceRefs []RefStatus   `json:"source_refs"`
	Staleness  stale.Level   `json:"staleness"`
	// StaleReason is set when Staleness is possibly_stale or stale.
	StaleReason *StaleReason `json:"stale_reason,omitempty"`
	StaleRefs   []string     `json:"stale_refs"`
	UpdatedAt   string       `json:"updated_at"`
}

// Status describes the project and its index.
type Status struct {
	ProjectRoot    string `json:"project_root"`
	DocsDir        string `json:"docs_dir"`
	Documents      int    `json:"documents"`
	Sections       int    `json:"sections"`
	Links          int    `json:"links"`
	DanglingLinks  int    `json:"dangling_links"`
	AmbiguousLinks int    `json:"ambiguous_links"`
	StaleDocuments int    `json:"stale_documents"`
	// StalenessBaseline is the baseline staleness was checked against
	// (git or index), StaleList the documents that are not fresh, worst
	// and oldest first, at most maxStatusStale of them.
	StalenessBaseline string          `json:"staleness_baseline"`
	StaleList         []StaleDocument `json:"stale_list,omitempty"`
	IndexBytes        int64           `json:"index_bytes"`
	LastIndexedAt     string          `json:"last_indexed_at"`
	SchemaVersion     int             `json:"schema_version"`
	EmbeddingModel    string          `json:"embedding_model,omitempty"`
	Embedded          int             `json:"embedded_sections"`
}

// IndexReport counts what an indexing run did.
type IndexReport struct {
	Added     int             `json:"added"`
	Updated   int             `json:"updated"`
	Unchanged int             `json:"unchanged"`
	Renamed   int             `json:"renamed"`
	Deleted   int             `json:"deleted"`
	Sections  int             `json:"sections"`
	Links     int             `json:"links"`
	Dangling  int             `json:"dangling"`
	Ambiguous int             `json:"ambiguous"`
	Embedded  int             `json:"embedded"`
	Warnings  []index.Warning `json:"warnings"`
	Elapsed   string          `json:"elapsed,omitempty"`
}

// NotFoundError says a page reference matched no document.
type NotFoundError struct {
	Query       string   `json:"query"`
	Suggestions []string `json:"suggestions"` // closest filepaths, best first
}

func (e *NotFoundError) Error() string {
	msg := "page not found: " + e.Query
	if len(e.Suggestions) > 0 {
		msg += " (closest: "
		for i, s := range e.Suggestions {
			if i > 0 {
				msg += ", "
			}
			msg += s
		}
		msg += ")"
	}
	return msg
}

// ArgumentError says a parameter is out of range or malformed. CLI prints it
// as a usage error (exit 2); MCP returns it as a tool error.
type ArgumentError struct {
	Param   string
	Message string
}

func (e *ArgumentError) Error() string { return "invalid " + e.Param + ": " + e.Message }
