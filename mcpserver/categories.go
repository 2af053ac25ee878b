package mcpserver

import (
	"fmt"
	"slices"
	"strings"
)

// Tool categories. A category groups tools so that a client with a small
// tool budget can be given only what it needs.
const (
	CategorySearch = "search" // ubp_search, ubp_fulltext_search
	CategoryPages  = "pages"  // ubp_get_page, ubp_get_context, ubp_list_pages
	CategoryGraph  = "graph"  // ubp_get_graph
)

// Categories lists every tool category in a stable order.
var Categories = []string{CategorySearch, CategoryPages, CategoryGraph}

// Tool names, as clients call them.
const (
	ToolSearch         = "ubp_search"
	ToolFulltextSearch = "ubp_fulltext_search"
	ToolGetPage        = "ubp_get_page"
	ToolGetContext     = "ubp_get_context"
	ToolListPages      = "ubp_list_pages"
	ToolGetGraph       = "ubp_get_graph"
)

// SelectTools returns the names of the tools to expose: every tool when
// include is empty, else the tools of the included categories; then the
// tools of the excluded categories are removed. Each entry may itself be a
// comma-separated list; names are case-insensitive. An unknown category is an
// error that lists the valid ones, and so is a selection that leaves no tool.
func SelectTools(include, exclude []string) ([]string, error) {
	inc, err := parseCategories("include", include)
	if err != nil {
		return nil, err
	}
	exc, err := parseCategories("exclude", exclude)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, d := range toolDecls {
		if len(inc) > 0 && !slices.Contains(inc, d.Category) {
			continue
		}
		if slices.Contains(exc, d.Category) {
			continue
		}
		out = append(out, d.Name)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("tool categories: include %v minus exclude %v leaves no tool to serve; valid categories: %s",
			inc, exc, strings.Join(Categories, ", "))
	}
	return out, nil
}

// parseCategories splits, trims and checks category names.
func parseCategories(which string, values []string) ([]string, error) {
	var out []string
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			c := strings.ToLower(strings.TrimSpace(part))
			if c == "" {
				continue
			}
			if !slices.Contains(Categories, c) {
				return nil, fmt.Errorf("%s tool categories: unknown category %q; valid categories: %s",
					which, part, strings.Join(Categories, ", "))
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out, nil
}
