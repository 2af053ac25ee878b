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

// TestContextSectionScopes: over stdio, ubp_get_context centred on
// page#Heading lists the neighbours the section's own links reach first,
// with scope "section", then the rest of the page's with scope "page", and
// its summary counts the section's.
func TestContextSectionScopes(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/h.md":     "# H\n\nintro, see [[a]]\n\n## Usage\n\nusage, see [[b]]\n",
		"docs/a.md":     "# A\n\nplain\n",
		"docs/b.md":     "# B\n\nplain\n",
		"docs/to-h.md":  "# To H\n\nsee [[h#Usage]]\n",
		"docs/to-pg.md": "# To page\n\nsee [[h]]\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	res := c.callTool(ToolGetContext, map[string]any{"filepath": "h#Usage", "depth": 1})
	sc, _ := res.result()["structuredContent"].(map[string]any)
	related, _ := sc["related"].([]any)
	var got []string
	for _, r := range related {
		m, _ := r.(map[string]any)
		got = append(got, fmt.Sprintf("%v:%v", m["filepath"], m["scope"]))
	}
	if want := "b.md:section to-h.md:section a.md:page to-pg.md:page"; strings.Join(got, " ") != want {
		t.Errorf("related %v, want %s", got, want)
	}
	if text, want := res.toolText(), "4 related pages (2 through the section's own links, listed first)"; !strings.Contains(text, want) {
		t.Errorf("summary %q: want %q", text, want)
	}
}

// TestContextSummaryDoesNotCallDroppedPagesFarther: pages left out of a
// get_context answer to fit max_size at the depth of those sent are not
// called farther: the summary said "1 farther page left out" of pages
// one link away, as near as the one sent. Its count matches
// truncated_count.
func TestContextSummaryDoesNotCallDroppedPagesFarther(t *testing.T) {
	files := map[string]string{"docs/hub.md": "# Hub\n\nSee [[p1]], [[p2]] and [[p3]].\n"}
	for i := 1; i <= 3; i++ {
		files[fmt.Sprintf("docs/p%d.md", i)] = fmt.Sprintf("# P%d\n\n%s\n", i, strings.Repeat("A page of many words taking room. ", 60))
	}
	root := t.TempDir()
	fixture.WriteFiles(t, root, files)
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	res := c.callTool(ToolGetContext, map[string]any{"filepath": "hub.md", "depth": 1, "max_size": 1500})
	sc, _ := res.result()["structuredContent"].(map[string]any)
	dropped, _ := sc["truncated_count"].(float64)
	related, _ := sc["related"].([]any)
	if dropped == 0 || len(related) == 0 {
		t.Fatalf("truncated_count %v, %d related: want some sent and some dropped, all at depth 1", dropped, len(related))
	}
	text := res.toolText()
	if strings.Contains(text, "farther") {
		t.Errorf("summary %q calls pages at depth 1, as near as those sent, farther", text)
	}
	if want := fmt.Sprintf(" %d more related page", int(dropped)); !strings.Contains(text, want) {
		t.Errorf("summary %q: want %q", text, want)
	}
}
