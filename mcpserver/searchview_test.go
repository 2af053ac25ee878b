package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("word ", 200)
	lines := strings.Repeat("a line of text\n", 60)
	cases := []struct {
		name, text, want string
	}{
		{"short text as it is, heading dropped", "## Cache\nThe cache holds pages.", "The cache holds pages."},
		{"heading only", "## Cache", ""},
		{"cut after the last whole line", "# H\n" + lines, ""},
		{"cut after the last word", long, ""},
		{"multibyte text cut at a rune", strings.Repeat("検索", 200), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := excerpt(c.text, excerptBytes)
			if len(got) > excerptBytes {
				t.Errorf("%d bytes, limit %d", len(got), excerptBytes)
			}
			if !strings.HasPrefix(c.text, "#") && len(c.text) > excerptBytes && !strings.HasSuffix(got, "…") {
				t.Errorf("a cut excerpt does not end with …: %q", got[len(got)-10:])
			}
			if strings.HasSuffix(got, "…") {
				body := strings.TrimSuffix(got, "…")
				if !strings.Contains(c.text, body) {
					t.Errorf("excerpt is not a prefix of the text: %q", body)
				}
				if strings.HasSuffix(body, "wor") || strings.HasSuffix(body, "a line of te") {
					t.Errorf("cut inside a word or line: %q", body[len(body)-12:])
				}
			}
			if c.want != "" && got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestSearchSectionUnderMatch: a section too small to stand alone is
// merged into the one before it by the index; a match in it is reported
// under its own heading and line, not the one it was merged into.
func TestSearchSectionUnderMatch(t *testing.T) {
	root := t.TempDir()
	filler := strings.Repeat("Apples grow on trees in orchards across the valley every year. ", 8)
	doc := "---\ntitle: Merge\n---\n# Merge\n\n## Overview\n\n" + filler + "\n\n## Tiny\n\nThe zebracache lives here.\n\n## Other\n\n" + filler + "\n"
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "merge.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	tinyLine := 1 + strings.Count(doc[:strings.Index(doc, "## Tiny")], "\n")
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	sec := firstSearchSection(t, c, "zebracache")
	if sec["heading"] != "Tiny" || sec["start_line"] != float64(tinyLine) || !strings.Contains(sec["content"].(string), "zebracache") {
		t.Errorf("match reported under %q line %v (content %.60q), want \"Tiny\" line %d", sec["heading"], sec["start_line"], sec["content"], tinyLine)
	}
	ft := c.callTool(ToolFulltextSearch, map[string]any{"query": "zebracache"})
	hits, _ := ft.result()["structuredContent"].(map[string]any)["results"].([]any)
	if len(hits) == 0 {
		t.Fatalf("no full-text hit: %v", ft)
	}
	hit := hits[0].(map[string]any)
	// line is the match's: two lines below the heading.
	if hit["section_heading"] != "Tiny" || hit["line"] != float64(tinyLine+2) {
		t.Errorf("full-text match reported under %v line %v, want \"Tiny\" line %d", hit["section_heading"], hit["line"], tinyLine+2)
	}
	if sec["line"] != float64(tinyLine+2) {
		t.Errorf("search match line %v, want %d", sec["line"], tinyLine+2)
	}
}

// TestSearchSectionEndsBeforeTheNextHeading: a match above a heading merged
// into its section (or a sub-heading further on in its part) is narrowed to
// the text under its own heading: start_line, end_line and content stop
// before the next heading instead of running on into the merged section's.
func TestSearchSectionEndsBeforeTheNextHeading(t *testing.T) {
	root := t.TempDir()
	filler := strings.Repeat("Apples grow on trees in orchards across the valley every year. ", 3)
	doc := "---\ntitle: Merge\n---\n# Merge\n\n## Overview\n\n" + filler + "The quokkafact is here.\n\n## Tiny\n\nThe zebracache lives here.\n\n## Other\n\n" + strings.Repeat(filler, 3) + "\n"
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", "merge.md"), []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	lineOf := func(s string) int { return 1 + strings.Count(doc[:strings.Index(doc, s)], "\n") }
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	sec := firstSearchSection(t, c, "quokkafact")
	content, _ := sec["content"].(string)
	if sec["heading"] != "Overview" || sec["start_line"] != float64(lineOf("## Overview")) {
		t.Fatalf("match reported under %q from line %v, want \"Overview\" from line %d", sec["heading"], sec["start_line"], lineOf("## Overview"))
	}
	if end, _ := sec["end_line"].(float64); int(end) >= lineOf("## Tiny") || strings.Contains(content, "zebracache") {
		t.Errorf("section under \"Overview\" ends at line %v (## Tiny is line %d), content %q", sec["end_line"], lineOf("## Tiny"), content)
	}
}

// firstSearchSection is the first section of the first result of
// ubp_search for query; it fails the test when there is none.
func firstSearchSection(t *testing.T, c *stdioClient, query string) map[string]any {
	t.Helper()
	m := c.callTool(ToolSearch, map[string]any{"query": query})
	res, _ := m.result()["structuredContent"].(map[string]any)["results"].([]any)
	if len(res) == 0 {
		t.Fatalf("%q: no result: %v", query, m)
	}
	secs, _ := res[0].(map[string]any)["sections"].([]any)
	if len(secs) == 0 {
		t.Fatalf("%q: no section", query)
	}
	return secs[0].(map[string]any)
}
