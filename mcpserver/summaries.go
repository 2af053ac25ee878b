package mcpserver

import (
	"fmt"
	"strings"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/plural"
)

// The text block beside structuredContent: a short summary in words, so
// that the answer itself is sent once.

func summarizeSearch(r searchOutput) string {
	if len(r.Results) == 0 {
		return "No document matched." + cutNote(r.QueryCut)
	}
	n := len(r.Results)
	total := atLeast(r.TotalFound, r.TotalFoundLowerBound)
	count := fmt.Sprintf("%d of %s matching %s", n, total, plural.Noun(r.TotalFound, "document", "documents"))
	if n > r.TotalFound {
		// total_found leaves out pages reached only through links or with
		// too loose a meaning (match none), which may be shown.
		count = fmt.Sprintf("%s, %s with a match of their own", plural.Count(n, "document", "documents"), total)
	}
	s := fmt.Sprintf("%s (%s search), best match %s; best: %s.", count, r.SearchType, r.Match, firstPaths(n, func(i int) string { return r.Results[i].Filepath }))
	if engine.PoorMatch(r.Match) {
		s += " Nothing in the documents matches the query well."
	}
	return s + cutNote(r.QueryCut)
}

// atLeast is a total as the summaries say it: "at least 1000" when it is
// a lower bound (total_found_lower_bound).
func atLeast(total int, lowerBound bool) string {
	if lowerBound {
		return fmt.Sprintf("at least %d", total)
	}
	return fmt.Sprint(total)
}

// cutNote is the summary's word on a query longer than search reads.
func cutNote(cut string) string {
	if cut == "" {
		return ""
	}
	return " Note: " + cut + "."
}

func summarizeFulltext(r engine.FulltextResult) string {
	if len(r.Results) == 0 {
		return "No section matched." + cutNote(r.QueryCut)
	}
	return fmt.Sprintf("%d of %s matching %s; best in: %s.", len(r.Results), atLeast(r.TotalFound, r.TotalFoundLowerBound), plural.Noun(r.TotalFound, "section", "sections"), firstPaths(len(r.Results), func(i int) string { return r.Results[i].Filepath })) + cutNote(r.QueryCut)
}

func summarizeGetPage(p pageOutput) string {
	s := fmt.Sprintf("%s (%q): lines %d-%d of %d, %s of content.", p.Filepath, p.Title, p.StartLine, p.EndLine, p.TotalLines, plural.Count(len(p.Content), "byte", "bytes"))
	if p.MissingHeading != "" {
		s = fmt.Sprintf("%s has no section %q: the page is given instead. ", p.Filepath, p.MissingHeading) + s
	}
	switch {
	case p.NextStartColumn > 0:
		s += fmt.Sprintf(" Line %d did not fit in max_size with the rest of the answer and was cut: read on with start_line=%d and start_column=%d.", p.NextStartLine, p.NextStartLine, p.NextStartColumn)
	case p.NextStartLine > 0:
		s += fmt.Sprintf(" Truncated: read on with start_line=%d.", p.NextStartLine)
	}
	return s
}

func summarizeGetContext(r engine.ContextResult) string {
	centre := r.Center.Filepath
	if r.Center.Section != "" {
		centre = fmt.Sprintf("Section %q of %s", r.Center.Section, r.Center.Filepath)
	}
	related := plural.Count(len(r.Related), "related page", "related pages")
	if r.Center.Section != "" {
		n := 0
		for _, p := range r.Related {
			if p.Scope == "section" {
				n++
			}
		}
		related += fmt.Sprintf(" (%d through the section's own links, listed first)", n)
	}
	s := fmt.Sprintf("%s with %s, %s.", centre, related, plural.Count(r.TotalSize, "byte", "bytes"))
	if r.Center.MissingHeading != "" {
		s = fmt.Sprintf("%s has no section %q: the page is given instead. ", r.Center.Filepath, r.Center.MissingHeading) + s
	}
	s += alsoNamed(r.Center.AlsoMatches)
	if r.TruncatedCount > 0 {
		s += fmt.Sprintf(" %s left out to fit max_size.", plural.Count(r.TruncatedCount, "more related page", "more related pages"))
	}
	switch c := r.Center; {
	case c.Truncated && c.NextStartColumn > 0:
		s += fmt.Sprintf(" The centre's content was cut to fit max_size within line %d: read on with ubp_get_page start_line=%d and start_column=%d.",
			c.NextStartLine, c.NextStartLine, c.NextStartColumn)
	case c.Truncated && c.NextStartLine > 0:
		s += fmt.Sprintf(" The centre's content was cut to fit max_size after line %d of %d: read on with ubp_get_page start_line=%d.",
			c.EndLine, c.TotalLines, c.NextStartLine)
	case c.Truncated:
		s += " The centre's content was cut to fit max_size."
	}
	return s
}

func summarizeListPages(r engine.ListPagesResult) string {
	s := fmt.Sprintf("%d of %s", len(r.Pages), plural.Count(r.Total, "document", "documents")) + pastTheLast(len(r.Pages), r.Total) + "."
	if r.NextOffset > 0 {
		s += fmt.Sprintf(" More with offset=%d.", r.NextOffset)
	}
	return s
}

// alsoNamed is the note of an answer centred on the shallowest of several
// pages the name given names: the others, to pass by path instead.
func alsoNamed(others []string) string {
	if len(others) == 0 {
		return ""
	}
	return fmt.Sprintf(" The name given also names %s: this is the shallowest; pass a path to centre on another.", strings.Join(others, ", "))
}

func summarizeGetGraph(r engine.GraphResult) string {
	edges := plural.Count(len(r.Edges), "edge", "edges")
	s := fmt.Sprintf("%s, %s.", plural.Count(len(r.Nodes), "node", "nodes"), edges)
	if r.Total > 0 {
		s = fmt.Sprintf("%d of %s, %s", len(r.Nodes), plural.Count(r.Total, "document", "documents"), edges) + pastTheLast(len(r.Nodes), r.Total) + "."
	}
	if r.NextOffset > 0 {
		s += fmt.Sprintf(" More with offset=%d.", r.NextOffset)
	}
	return s + alsoNamed(r.AlsoMatches)
}

// firstPaths lists up to three distinct paths.
func firstPaths(n int, path func(int) string) string {
	var out []string
	for i := 0; i < n && len(out) < 3; i++ {
		if p := path(i); !contains(out, p) {
			out = append(out, p)
		}
	}
	return strings.Join(out, ", ")
}

// pastTheLast says that a page of a listing holds nothing because its
// offset is past the last of total documents, and which offsets hold some;
// "" when the page holds some or there are none to hold. An empty page of
// documents that exist can only come from such an offset (limit is at
// least 1), and "0 of 16 documents." alone read like a filter matching
// nothing.
func pastTheLast(shown, total int) string {
	if shown > 0 || total == 0 {
		return ""
	}
	return fmt.Sprintf(": offset is past the last; offsets run from 0 to %d", total-1)
}
