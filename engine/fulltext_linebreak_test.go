package engine

import (
	"strings"
	"testing"
)

// wrappedDocs hold Japanese prose wrapped at a fixed width, as editors
// that hard-wrap write it: a line break may fall inside a word (特 / 定),
// which CommonMark reads as a soft break within the paragraph, and which
// Japanese readers read as no break at all. An English paragraph wrapped
// the same way keeps its words apart.
var wrappedDocs = map[string]string{
	"wrapped.md": "---\ntitle: Wrapped\n---\n\n# 設計\n\n" +
		"この機能は特\n定の条件で有効になり、キャッシュの無\n  効化を行う。\n" +
		"- 箇条書きの途中で改\n  行した項目\n",
	"english.md": "---\ntitle: English\n---\n\n# Notes\n\n" +
		"The cache is\nflushed on every write.\n",
	"lines.md": "---\ntitle: Lines\n---\n\n# 一覧\n\n" +
		"東京\n\n大阪\n",
}

// TestWordSplitByLineBreakIsFound: a Japanese word that a hard wrap split
// over two lines is found by full text and by search, and its snippet
// marks both halves as written; words of separate paragraphs are not
// joined, nor English words at a line break.
func TestWordSplitByLineBreakIsFound(t *testing.T) {
	e := searchProject(t, wrappedDocs, "none")
	checkFullText(t, e, "indexed")
	found := []foundCase{
		{"特定", "wrapped.md"},
		{"特定の条件", "wrapped.md"},
		{"無効化", "wrapped.md"},
		{"改行", "wrapped.md"},
	}
	checkFoundAlone(t, e, "indexed", found)
	// With the short units queued, search scans the sections' text for
	// the short terms (改行) instead of reading their postings.
	if _, err := e.db.Exec(`INSERT OR IGNORE INTO section_units_pending(id) SELECT id FROM sections`); err != nil {
		t.Fatal(err)
	}
	checkFoundAlone(t, e, "units queued", found)
	res := mustFulltext(t, e, FulltextOptions{Query: "特定"})
	if len(res.Results) == 0 || !strings.Contains(res.Results[0].Snippet, "⟦特") || !strings.Contains(res.Results[0].Snippet, "定⟧") {
		t.Errorf("fulltext 特定: snippet %+v, want the two halves marked", res.Results)
	}
	for _, q := range []string{"京大", "isflushed"} {
		if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: q})); len(got) != 0 {
			t.Errorf("fulltext %q = %v, want nothing: the break is not inside a word", q, got)
		}
	}
}
