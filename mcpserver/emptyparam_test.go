package mcpserver

import (
	"testing"
)

// TestEmptyTextParamsWordedOneWay: an empty query or page is told the same
// words whether the input schema's minLength catches it ("") or the engine
// does (blank): the parameter and what to give. ubp_search answered
// `parameter "query" must not be empty` to "" and `invalid parameter
// "query": must not be empty` to "   ", neither saying what to do; the CLI
// words the same message (cmd/ubp TestEmptyQueryWordedOneWay).
func TestEmptyTextParamsWordedOneWay(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	const (
		query = `invalid parameter "query": must not be empty or only spaces: give the words or question to search for`
		page  = `invalid parameter "filepath": must name a document: its filepath from the docs folder, its title or an alias`
	)
	cases := []struct {
		tool, param, value, want string
	}{
		{ToolSearch, "query", "", ToolSearch + ": " + query},
		{ToolSearch, "query", "   ", ToolSearch + ": " + query},
		{ToolSearch, "query", "\t\n", ToolSearch + ": " + query},
		{ToolFulltextSearch, "query", "", ToolFulltextSearch + ": " + query},
		{ToolFulltextSearch, "query", "  ", ToolFulltextSearch + ": " + query},
		{ToolGetPage, "filepath", "", ToolGetPage + ": " + page},
		{ToolGetPage, "filepath", "  ", ToolGetPage + ": " + page},
		{ToolGetContext, "filepath", "", ToolGetContext + ": " + page},
		{ToolGetContext, "filepath", " ", ToolGetContext + ": " + page},
	}
	for _, tc := range cases {
		t.Run(tc.tool+" "+tc.param+"="+tc.value, func(t *testing.T) {
			m := c.callTool(tc.tool, map[string]any{tc.param: tc.value})
			if !m.isToolError() {
				t.Fatalf("want a tool error, got %v", m)
			}
			if got := m.toolText(); got != tc.want {
				t.Errorf("message\n %q\nwant\n %q", got, tc.want)
			}
		})
	}
}
