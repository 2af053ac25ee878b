package mcpserver

import (
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestSummariesSayAnOffsetIsPastTheLast: ubp_list_pages and ubp_get_graph
// asked for a page beyond the last say so and where the pages end, rather
// than "0 of 3 documents." alone, which reads like a filter matching
// nothing; a page within the documents says nothing of the kind.
func TestSummariesSayAnOffsetIsPastTheLast(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a.md": "# A\n\nSee [[b]].\n",
		"docs/b.md": "# B\n\nx\n",
		"docs/c.md": "# C\n\nx\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	calls := []struct {
		tool string
		args map[string]any
		want string
	}{
		{ToolListPages, map[string]any{"offset": 5}, "0 of 3 documents: offset is past the last; offsets run from 0 to 2."},
		{ToolListPages, map[string]any{"offset": 3, "limit": 2}, "0 of 3 documents: offset is past the last; offsets run from 0 to 2."},
		{ToolListPages, map[string]any{"offset": 2}, "1 of 3 documents."},
		{ToolGetGraph, map[string]any{"offset": 9, "limit": 2}, "0 of 3 documents, 0 edges: offset is past the last; offsets run from 0 to 2."},
		{ToolGetGraph, map[string]any{"offset": 2, "limit": 2}, "1 of 3 documents, 0 edges."},
	}
	for _, call := range calls {
		text := c.callTool(call.tool, call.args).toolText()
		if want := call.want + " The full answer is in structuredContent."; text != want {
			t.Errorf("%s %v: summary %q, want %q", call.tool, call.args, text, want)
		}
	}
}
