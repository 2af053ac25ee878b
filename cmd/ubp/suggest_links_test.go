package main

import (
	"strings"
	"testing"
)

// TestSuggestLinksNamesOpeningSections: a pair of pages' opening sections
// (the text under the title, before any subheading) names them "(intro)",
// as search and get-page do, rather than an empty "()".
func TestSuggestLinksNamesOpeningSections(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/cache.md": "# Cache\n\nThe cache keeps recent query results in memory and evicts the oldest entries first.\n",
		"docs/store.md": "# Store\n\nThe store keeps recent query results in memory and evicts the oldest entries first.\n",
	})
	stdout := mustCLI(t, root, "suggest-links", "--min-score", "0")
	if !strings.Contains(stdout, "cache.md:1 (intro)  <->  store.md:1 (intro)") || strings.Contains(stdout, "()") {
		t.Errorf("suggest-links:\n%s\nwant the opening sections named (intro)", stdout)
	}
}
