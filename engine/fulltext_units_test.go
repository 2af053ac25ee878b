package engine

import (
	"path/filepath"
	"slices"
	"testing"
)

// TestUnitsFollowEdits checks short Japanese terms after re-indexing: a
// removed word is no longer found, a new one is, and a title change shows.
func TestUnitsFollowEdits(t *testing.T) {
	e := searchProject(t, map[string]string{
		"a.md": "---\ntitle: A\n---\n\n# A\n\n検索の話。\n\n## 詳細\n\n索引の話。\n",
		"b.md": "---\ntitle: B\n---\n\n# B\n\n別の話。\n",
	}, "none")
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "検索"})); len(got) != 1 || got[0] != "a.md" {
		t.Fatalf("検索 before the edit: %v, want [a.md]", got)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 0 {
		t.Fatalf("保存 before the edit: %v, want nothing", got)
	}
	coreEdit(t, filepath.Join(e.Project().DocsDir(), "a.md"), "---\ntitle: 保存ガイド\n---\n\n# A\n\n保存の話。\n\n## 詳細\n\n索引の話。\n")
	coreIndex(t, e, false)
	if n := coreCount(t, e, `SELECT count(*) FROM section_units_pending`); n != 0 {
		t.Errorf("%d sections still queued after the run", n)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "検索"})); len(got) != 0 {
		t.Errorf("検索 after the edit: %v, want nothing", got)
	}
	// Two sections of a.md hold it: the text and the frontmatter, whose
	// title the H1 does not repeat.
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 2 || got[0] != "a.md" || got[1] != "a.md" {
		t.Errorf("保存 after the edit: %v, want [a.md a.md]", got)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "別"})); len(got) != 1 || got[0] != "b.md" {
		t.Errorf("別 after the edit: %v, want [b.md]", got)
	}
	if res := mustSearch(t, e, SearchOptions{Query: "保存"}); len(res.Results) == 0 || res.Results[0].Title != "保存ガイド" {
		t.Errorf("保存 after the edit: %+v, want a.md titled 保存ガイド first", res.Results)
	}
	// A document row changed alone shows at once: metadata is read per
	// search.
	if _, err := e.db.Exec(`UPDATE documents SET title = '保存の手引き' WHERE filepath = 'a.md'`); err != nil {
		t.Fatal(err)
	}
	if res := mustSearch(t, e, SearchOptions{Query: "保存"}); len(res.Results) == 0 || res.Results[0].Title != "保存の手引き" {
		t.Errorf("保存 after the title update: %+v, want a.md titled 保存の手引き first", res.Results)
	}
	// Sections queued and not yet written (an index written by another
	// process, a run stopped early) are still found, by the scan.
	res, err := e.db.Exec(`UPDATE sections SET content = '新しい保存の話' WHERE instr(content, '別の話') > 0`)
	if err != nil {
		t.Fatal(err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		t.Fatalf("updated %d sections (%v), want 1", n, err)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 3 || !slices.Contains(got, "b.md") {
		t.Errorf("保存 with a section queued: %v, want both documents (a.md twice)", got)
	}
}
