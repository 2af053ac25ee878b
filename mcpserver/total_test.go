package mcpserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestSummarySaysAtLeast: when total_found is a lower bound (a query word
// in more sections than full text reads of it), the answer says so in
// total_found_lower_bound and the summary reads "at least"; an exact count
// is given as it is.
func TestSummarySaysAtLeast(t *testing.T) {
	root := t.TempDir()
	filler := strings.Repeat("Some words that are long enough to stand alone as a section here. ", 4)
	files := map[string]string{}
	for d := range 3 {
		var b strings.Builder
		fmt.Fprintf(&b, "# Doc %d\n", d)
		for s := range 400 { // 1,200 sections with alpha and beta
			fmt.Fprintf(&b, "\n## Part %d\n\nThe alpha value and the beta note %d. %s\n", s, s, filler)
		}
		files[fmt.Sprintf("docs/d%d.md", d)] = b.String()
	}
	fixture.WriteFiles(t, root, files)
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	cases := []struct {
		tool, query string
		want        string
		lower       bool
	}{
		{ToolFulltextSearch, "alpha beta", "2 of at least 1000 matching sections", true},
		{ToolFulltextSearch, "alpha", "2 of 1200 matching sections", false},
		{ToolSearch, "alpha", "2 of at least 3 matching documents", true},
	}
	for _, tc := range cases {
		t.Run(tc.tool+" "+tc.query, func(t *testing.T) {
			m := c.callTool(tc.tool, map[string]any{"query": tc.query, "limit": 2})
			if text := m.toolText(); !strings.Contains(text, tc.want) {
				t.Errorf("summary %q lacks %q", text, tc.want)
			}
			sc, _ := m.result()["structuredContent"].(map[string]any)
			if got, _ := sc["total_found_lower_bound"].(bool); got != tc.lower {
				t.Errorf("total_found_lower_bound %v, want %v (total_found %v)", sc["total_found_lower_bound"], tc.lower, sc["total_found"])
			}
		})
	}
}
