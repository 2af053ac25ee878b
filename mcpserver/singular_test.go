package mcpserver

import (
	"regexp"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// pluralOfOne finds a count of one followed by a plural noun in a summary:
// "1 of 1 matching documents", "1 edges", "with 1 related pages".
var pluralOfOne = regexp.MustCompile(`(^|[^\d.])1 (of (at least )?1 )?(matching |related |farther )?(documents|sections|nodes|edges|pages|bytes|lines|characters)\b`)

// TestSummariesSayOneInTheSingular: every tool's summary says "1 matching
// document", "1 edge", "1 related page", never "1 documents", on a project
// of two pages, one linking to the other, as the CLI does; so does the
// error of a start_column past the end of a line of one character.
func TestSummariesSayOneInTheSingular(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a.md": "# A\n\nSee [[b]].\n",
		"docs/b.md": "# B\n\nThe alpha value.\n",
		"docs/c.md": "# C\n\nx\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	calls := []struct {
		tool string
		args map[string]any
	}{
		{ToolSearch, map[string]any{"query": "alpha", "limit": 1}},
		{ToolFulltextSearch, map[string]any{"query": "alpha"}},
		{ToolGetContext, map[string]any{"filepath": "a.md"}},
		{ToolListPages, map[string]any{"limit": 1}},
		{ToolGetGraph, map[string]any{}},
		{ToolGetGraph, map[string]any{"center": "b.md", "limit": 1}},
		{ToolGetPage, map[string]any{"filepath": "b.md"}},
		{ToolGetPage, map[string]any{"filepath": "c.md", "start_line": 3, "start_column": 5}}, // an error: line 3 has 1 character
	}
	for _, call := range calls {
		text := c.callTool(call.tool, call.args).toolText()
		if m := pluralOfOne.FindString(text); m != "" {
			t.Errorf("%s %v: summary %q says %q", call.tool, call.args, text, m)
		}
	}
}
