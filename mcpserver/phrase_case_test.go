package mcpserver

import (
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestQuotedPhraseCaseOverMCP: ubp_search and ubp_fulltext_search find a
// quoted "AI" written in capitals, in lower case and glued to Japanese,
// and not inside maintain, Constraints or OpenAI (the engine's
// TestQuotedShortPhraseCaseAndEdges, through a real client over a pipe).
func TestQuotedPhraseCaseOverMCP(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/upper.md":  "# Models\n\nThe AI model answers questions.\n",
		"docs/lower.md":  "# Notes\n\nAn ai, written in lower case.\n",
		"docs/glued.md":  "# 概要\n\nAIの使い方と全文検索の話。\n",
		"docs/inside.md": "# Design Constraints\n\nWe maintain OpenAI support.\n",
	})
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	want := []string{"glued.md", "lower.md", "upper.md"}
	for _, tool := range []string{ToolFulltextSearch, ToolSearch} {
		t.Run(tool, func(t *testing.T) {
			m := c.callTool(tool, map[string]any{"query": `"AI"`})
			if m.isToolError() {
				t.Fatalf("tool error: %s", m.toolText())
			}
			hits, _ := m.result()["structuredContent"].(map[string]any)["results"].([]any)
			var got []string
			for _, h := range hits {
				hit := h.(map[string]any)
				if tool == ToolSearch {
					// Hybrid search may add pages by their meaning: count
					// those with full-text evidence.
					if b, _ := hit["score_breakdown"].(map[string]any)["bm25"].(float64); b <= 0 {
						continue
					}
				}
				got = append(got, hit["filepath"].(string))
			}
			slices.Sort(got)
			got = slices.Compact(got)
			if !slices.Equal(got, want) {
				t.Errorf("pages found by full text = %v, want %v", got, want)
			}
		})
	}
}
