package engine

import (
	"strings"
	"testing"
)

// TestSearchLineOfAHitWithoutAMatch: a page found through links only holds
// no match; its section's snippet shows the first prose of the section,
// and its line must be that prose's line, not the heading's or the blank
// line's above it (an agent reads the file at the line given).
func TestSearchLineOfAHitWithoutAMatch(t *testing.T) {
	e := searchProject(t, map[string]string{
		"a.md": "---\ntitle: Alpha\n---\n\n# Alpha\n\nThe zeppelin hangar is described here. See [[b]].\n",
		"b.md": "---\ntitle: Beta\n---\n\n# Beta\n\n<!-- reviewed -->\n\nPlain words of the second page.\n",
	}, "none")
	res := mustSearch(t, e, SearchOptions{Query: "zeppelin"})
	var found bool
	for _, h := range res.Results {
		if h.Filepath != "b.md" {
			continue
		}
		found = true
		if len(h.Sections) == 0 {
			t.Fatalf("b.md has no section: %+v", h)
		}
		s := h.Sections[0]
		if !strings.HasPrefix(s.Snippet, "Plain words") {
			t.Fatalf("snippet %q, want the section's first prose", s.Snippet)
		}
		if s.Line != 9 {
			t.Errorf("line %d, want 9 (the line of %q); the section starts at %d", s.Line, s.Snippet, s.StartLine)
		}
	}
	if !found {
		t.Fatalf("b.md not found through its link: %v", hitPaths(res))
	}
}
