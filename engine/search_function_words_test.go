package engine

import (
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/search"
)

// functionWordDocs: a few pages, one of them a how-to ("How do I …"),
// so that the function words of a question are in some pages, not most.
var functionWordDocs = map[string]string{
	"guides/cache.md":  "# Cache\n\nHow do I clear the cache? I run the purge command and the cache empties.\n",
	"designs/store.md": "# Store\n\nSections are kept in a trigram table next to their vectors.\n",
	"designs/graph.md": "# Graph\n\nTyped links form a graph walked breadth first.\n",
	"designs/watch.md": "# Watch\n\nA watcher re-indexes changed files.\n",
	"adr/0001.md":      "# Use SQLite\n\nEverything lives in one database file.\n",
}

// A query whose only words the static model knows are function words
// (how, do, I) has no vector, as a query of hiragana only has none: a
// vector of function words alone carries no meaning, and "how do I
// zzzqqq" matched about every page of a project as "partial" by the
// meaning of "how do I". With no vector and no page saying zzzqqq,
// nothing matches. A query of function words only (kept for full text
// because nothing else is there) is at most "weak", as one of words every
// page says is: they are words of any text, whatever their count in this
// project, and "how do I" was "strong" on the page that asked the
// question. A content word beside them keeps the vector and the usual
// levels.
func TestSearchFunctionWordsOnly(t *testing.T) {
	e := searchProject(t, functionWordDocs, DefaultConfig().Embedding.Provider)
	tests := []struct {
		query      string
		searchType string
		match      string
		results    bool
	}{
		{"how do I zzzqqq", search.TypeFulltextFallback, "none", false},
		{"How do I", search.TypeFulltextFallback, "weak", true},
		{"what is it", search.TypeFulltextFallback, "none", false},
		{"how do I clear the cache", search.TypeHybrid, "strong", true},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, e, SearchOptions{Query: tt.query})
			if res.SearchType != tt.searchType {
				t.Errorf("search_type %q, want %q", res.SearchType, tt.searchType)
			}
			if res.Match != tt.match {
				t.Errorf("match %q, want %q (results %v)", res.Match, tt.match, hitPaths(res))
			}
			if got := len(res.Results) > 0; got != tt.results {
				t.Errorf("results %v, want some: %v", hitPaths(res), tt.results)
			}
			for _, h := range res.Results {
				if tt.match != "strong" && h.Match == "strong" {
					t.Errorf("%s: match strong (%s)", h.Filepath, h.RelevanceReason)
				}
			}
		})
	}
}
