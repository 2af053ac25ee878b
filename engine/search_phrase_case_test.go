package engine

import (
	"slices"
	"strings"
	"testing"
)

// phraseCaseFixture: a short word in capitals, in lower case, glued to
// Japanese, and inside other words (maintain, Constraints, OpenAI), where a
// quoted phrase of it must not be found; and a Japanese word, which has no
// word edges.
var phraseCaseFixture = map[string]string{
	"upper.md":     "# Models\n\nThe AI model answers questions.\n",
	"lower.md":     "# Notes\n\nAn ai, written in lower case.\n",
	"glued.md":     "# 概要\n\nAIの使い方と全文検索の話。\n",
	"inside.md":    "# Design Constraints\n\nWe maintain OpenAI support.\n",
	"unrelated.md": "# Other\n\nNothing to see here.\n",
}

// TestQuotedShortPhraseCaseAndEdges: a quoted phrase is found whatever its
// case in the text ("AI" and "ai" alike) and only where its Latin ends are
// word ends ("AI" is not in "maintain", "Constraints" or "OpenAI"), next to
// Japanese too; a Japanese phrase has no word edges. Hybrid search and full
// text alike. Until 2026-11-28 "AI" found only maintain and Constraints:
// the scan compared the lower-cased phrase with text not lower-cased, as
// a substring.
func TestQuotedShortPhraseCaseAndEdges(t *testing.T) {
	e := searchProject(t, phraseCaseFixture, "none")
	tests := []struct {
		query string
		want  []string
	}{
		{`"AI"`, []string{"glued.md", "lower.md", "upper.md"}},
		{`"ai"`, []string{"glued.md", "lower.md", "upper.md"}},
		{`"Ai" model`, []string{"glued.md", "lower.md", "upper.md"}},
		{`"検索"`, []string{"glued.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			ft := mustFulltext(t, e, FulltextOptions{Query: tt.query})
			got := ftPaths(ft)
			slices.Sort(got)
			got = slices.Compact(got)
			if !slices.Equal(got, tt.want) {
				t.Errorf("fulltext: documents = %v, want %v", got, tt.want)
			}
			for _, h := range ft.Results {
				if !strings.Contains(h.Snippet, "⟦") {
					t.Errorf("fulltext: %s: snippet %q marks nothing", h.Filepath, h.Snippet)
				}
			}
			hy := mustSearch(t, e, SearchOptions{Query: tt.query})
			var found []string
			for _, h := range hy.Results {
				if h.ScoreBreakdown.BM25 > 0 {
					found = append(found, h.Filepath)
				}
			}
			slices.Sort(found)
			if !slices.Equal(found, tt.want) {
				t.Errorf("hybrid: documents with full-text evidence = %v, want %v", found, tt.want)
			}
		})
	}
}
