package answer

import (
	"github.com/ubp-dev/ubp/index"
)

// ContextOptions are the parameters of GetContext.
type ContextOptions struct {
	Page    string // filepath, title or alias
	Depth   int    // 1..3; 0 means 2
	MaxSize int    // bytes of output; 0 means 50000
	// LinkTypes limits the walk to links of these types (nil or empty:
	// every type), followed in both directions; the centre is always
	// there.
	LinkTypes []index.LinkType
}

// ContextCenter is the page at the centre of a context: its body, whole
// or, when the budget is short, its first lines (see ContextResult.Fit).
// Lines are lines of the file, 1-based, as ubp_get_page and get-page
// --start-line count them.
type ContextCenter struct {
	DocID    string `json:"doc_id"`
	Filepath string `json:"filepath"`
	Title    string `json:"title"`
	// Section is the heading the page was named by (page#Heading) when it
	// names a section of it: Content is then that section (its heading to
	// the next heading of the same or a higher level).
	Section string `json:"section,omitempty" jsonschema:"The heading named after '#' in filepath (page#Heading): content is that section, from its heading to the next heading of the same or a higher level (its subsections included)."`
	// AlsoMatches are the other pages the name it was asked by names as
	// well (a title, file name or alias several pages share): this one is
	// the shallowest, as get-page picks it.
	AlsoMatches []string `json:"also_matches,omitempty" jsonschema:"Other pages the filepath given names as well (a file name, title or alias several pages share); this one is the shallowest. Pass one of these paths to centre on it instead."`
	// MissingHeading is the heading the page was named by when the page
	// has no such section: Content is then the whole body.
	MissingHeading string `json:"missing_heading,omitempty" jsonschema:"The heading named after '#' in filepath (page#Heading) when the page has no such section: content is the whole page instead."`
	Content        string `json:"content" jsonschema:"The Markdown of lines start_line to end_line of the file (frontmatter excluded): the whole body (or the section named, see section), or when truncated its first whole lines, cut before a heading when one is near (then the start of the next line when it is longer than max_size, or of the first when not even it fits)."`
	// StartLine is the line of the file the body (or the section) starts
	// at (after the frontmatter), EndLine the last one in Content
	// (StartLine-1 when Content is empty), TotalLines the file's last line.
	StartLine  int  `json:"start_line" jsonschema:"First line of the file (1-based) in content: where the body starts, after the frontmatter (the section's heading when section is set)."`
	EndLine    int  `json:"end_line" jsonschema:"Last line of the file in content (partly, when next_start_column is set)."`
	TotalLines int  `json:"total_lines" jsonschema:"Last line of the file: the document ends there."`
	Truncated  bool `json:"truncated,omitempty" jsonschema:"True when content stops before the end of the file to stay under max_size: read the rest with ubp_get_page, start_line set to next_start_line."`
	// NextStartLine is the first line not (wholly) in Content when
	// Truncated; NextStartColumn the character (1-based) of it to read on
	// from when Content holds only its start.
	NextStartLine   int `json:"next_start_line,omitempty" jsonschema:"When truncated: the first line not in content; pass it as start_line to ubp_get_page to read on."`
	NextStartColumn int `json:"next_start_column,omitempty" jsonschema:"Set when content holds only the start of line next_start_line (a line longer than the budget): pass it as start_column to ubp_get_page, with start_line, to read the rest of the line."`
	// EndsInCode is the code block Content was cut inside (when moving
	// the cut before its fence would keep less than half of it).
	EndsInCode *CodeFence `json:"ends_in_code,omitempty" jsonschema:"Set when content was cut inside a code block (truncated, the cut not moved before the block because that would keep less than half of the text): the block's opening fence and its line. The end of content, and the text from next_start_line on up to the block's closing fence, are code, not Markdown; ubp_get_page from next_start_line names the same block in starts_in_code."`
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
	// Scope is set when the centre is a section (ContextCenter.Section):
	// "section" when the page is reached through the section's own links
	// (at depth 1 a link written in the section or one to it or to one of
	// its subsections, LinkType and Direction being that link's; deeper, a
	// page beyond such a neighbour, Via), "page" when only through the
	// rest of the page.
	Scope string `json:"scope,omitempty" jsonschema:"Set when center.section is: section when the page is reached through the section's own links (at depth 1 a link written in the section, or a link to it or to one of its subsections; deeper, through such a page, see via), page when only through the rest of the page. The section's come first."`
}

// ContextResult is the answer of GetContext.
type ContextResult struct {
	Center         ContextCenter      `json:"center"`
	Related        []ContextNeighbour `json:"related"`
	TotalSize      int                `json:"total_size"`
	TruncatedCount int                `json:"truncated_count"`
}
