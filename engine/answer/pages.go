package answer

import (
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

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
	// HeadingMissing: the linked page has no section TargetHeading names
	// (FindSection fails, so get-page target#heading shows the whole page):
	// a broken anchor.
	HeadingMissing bool `json:"heading_missing,omitempty" jsonschema:"True when the page the link leads to has no section target_heading names (a broken anchor): read as page#heading it gives the whole page."`
	Line           int  `json:"line"` // line of the link in the linking document
	// DanglingWhy says why a dangling link's target can name no page,
	// when it can tell (the answer's DanglingWhy): a file that is no
	// Markdown ([[notes.txt]]).
	DanglingWhy string `json:"dangling_why,omitempty" jsonschema:"Why the target of a dangling link can name no page, when that can be told: a file that is no Markdown ([[notes.txt]]) is not an indexed page."`
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
	// BodyStart is the line of the file where Content starts, as the parser
	// found it (0: unknown; BodyLine then derives it).
	BodyStart int `json:"-"`
	// Warnings are those the document's last parse gave (frontmatter that
	// does not parse, ...); never nil.
	Warnings []index.Warning `json:"warnings"`
	// AlsoMatches are the other pages the name it was asked by names as
	// well (a file name, title or alias several pages share): this page is
	// the preferred one (the shallowest path, then path order).
	AlsoMatches []string `json:"also_matches,omitempty"`
	// Fragment is the heading the ref named after a '#' (page#Heading)
	// when the page was found through it and the heading names a section
	// (FindSection), for the front ends to show that section when none is
	// asked for otherwise; a heading the page lacks leaves it empty.
	Fragment string `json:"-"`
	// MissingHeading is the heading the ref named after a '#' when the
	// page has no such section: the whole page is given instead (as a link
	// with a stale heading leads to it), and the front ends say so.
	MissingHeading string `json:"missing_heading,omitempty"`
}
