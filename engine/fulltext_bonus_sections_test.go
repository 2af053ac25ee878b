package engine

import (
	"strings"
	"testing"
)

// TestFulltextSectionsMatchAConcept: ubp_fulltext_search's sections and
// total_found are the sections that match the query, not every section of
// a matching page that holds one of its bonus 2-grams: the query テスト
// counted and listed a section of the same page that says only リスト
// (スト), marked ⟦スト⟧, as a match, more than half of ja-docs' 681
// "matching sections" (a bonus is not a match, [[search#Query parsing]]).
// The page is still found by its own matching section, and a section
// holding only a 2-gram of a page without the word is not found at all.
func TestFulltextSectionsMatchAConcept(t *testing.T) {
	filler := strings.Repeat("文章を十分な長さにするための段落です。", 12)
	e := searchProject(t, map[string]string{
		"a.md": "---\ntitle: 手順\n---\n\n# 手順\n\n## 実行\n\nテストを実行する。" + filler + "\n\n## 一覧\n\nリストを表示する。" + filler + "\n",
		"b.md": "---\ntitle: 別\n---\n\n# 別\n\n## 一覧\n\nリストだけの頁。" + filler + "\n",
	}, "none")
	res := mustFulltext(t, e, FulltextOptions{Query: "テスト"})
	if res.TotalFound != 1 || len(res.Results) != 1 {
		t.Fatalf("total_found %d, results %d %+v; want the one section that says テスト", res.TotalFound, len(res.Results), res.Results)
	}
	if h := res.Results[0]; h.Filepath != "a.md" || !strings.Contains(h.Snippet, "⟦テスト⟧") {
		t.Errorf("hit %s %q, want a.md marking ⟦テスト⟧", h.Filepath, h.Snippet)
	}
}
