package mcpserver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestContextSummarySaysWhereToReadOn: when the centre of a get_context
// answer is cut, its summary says which lines came and the start_line of
// ubp_get_page that reads on, as get_page's own summary does, rather than
// only that it was cut.
func TestContextSummarySaysWhereToReadOn(t *testing.T) {
	var long strings.Builder
	long.WriteString("# Long\n\nSee [[short]].\n")
	for i := range 300 {
		fmt.Fprintf(&long, "\n## Part %d\n\nParagraph %d of the long page, with enough words to take room.\n", i, i)
	}
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/long.md":  long.String(),
		"docs/short.md": "# Short\n\nA short page.\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	res := c.callTool(ToolGetContext, map[string]any{"filepath": "long.md", "max_size": 4000})
	sc, _ := res.result()["structuredContent"].(map[string]any)
	center, _ := sc["center"].(map[string]any)
	next, _ := center["next_start_line"].(float64)
	if center["truncated"] != true || next == 0 {
		t.Fatalf("centre %v: want it cut with next_start_line", center)
	}
	text := res.toolText()
	if want := fmt.Sprintf("start_line=%d", int(next)); !strings.Contains(text, want) || !strings.Contains(text, "ubp_get_page") {
		t.Errorf("summary %q: want it to name ubp_get_page with %s", text, want)
	}
}
