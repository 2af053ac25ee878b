package answer

import "github.com/ubp-dev/ubp/index/discover"

// NotFoundError says a page reference matched no document.
type NotFoundError struct {
	Query       string   `json:"query"`
	Suggestions []string `json:"suggestions"` // closest filepaths, best first
	// Skipped is why indexing skipped the file the query names (over
	// max_file_size, not text, ...): the file is there, with no page.
	Skipped string `json:"skipped,omitempty"`
	// NotIndexed is why the file the query names as a path, which exists,
	// is left out of the index (an exclude pattern matches it, it is
	// outside the docs folder, ...), and Fix what to do about it.
	NotIndexed string `json:"not_indexed,omitempty"`
	Fix        string `json:"fix,omitempty"`
}

func (e *NotFoundError) Error() string {
	msg := "page not found: " + discover.EscapeName(e.Query) // a name not UTF-8 as status lists it
	if e.NotIndexed != "" {
		return msg + ": the file exists but is not indexed: " + e.NotIndexed
	}
	if e.Skipped != "" {
		return msg + " (the file is there, but indexing " + e.Skipped + ")"
	}
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

// The words an empty or blank text parameter is told, by the CLI and the
// MCP tools alike (the tools' input schema check uses them too): what is
// wrong and what to give.
const (
	// EmptyQuery is the message for an empty or blank query.
	EmptyQuery = "must not be empty or only spaces: give the words or question to search for"
	// EmptyPage is the message for an empty or blank page reference.
	EmptyPage = "must name a document: its filepath from the docs folder, its title or an alias"
)
