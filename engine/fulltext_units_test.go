package engine

import (
	"context"
	"database/sql"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

func TestCountUnitsMatchesStringsCount(t *testing.T) {
	tests := []struct {
		text  string
		units []string
	}{
		{"検索と検索結果", []string{"検", "検索", "索と", "結果", "と"}},
		{"ーーー", []string{"ー", "ーー"}},  // overlapping pairs count once per two runes
		{"ーーーー", []string{"ー", "ーー"}}, // two disjoint pairs
		{"aaー検索bb検", []string{"ー検", "検", "検索"}},
		{"検 索", []string{"検", "索"}}, // a space breaks the pair
		{"ログのログ", []string{"ログ", "グの", "のロ"}},
		{"caf\xe9検索", []string{"検索"}}, // invalid UTF-8 next to kanji
	}
	for _, tt := range tests {
		counts := map[string]int{}
		countUnits(tt.text, counts)
		for _, u := range tt.units {
			if got, want := counts[u], strings.Count(tt.text, u); got != want {
				t.Errorf("countUnits(%q)[%q] = %d, strings.Count = %d", tt.text, u, got, want)
			}
		}
		if counts["検 "] != 0 || counts[" 索"] != 0 || counts["\xe9検"] != 0 {
			t.Errorf("countUnits(%q) made a unit with ASCII or invalid UTF-8: %v", tt.text, counts)
		}
	}
}

func TestIsUnitTerm(t *testing.T) {
	for term, want := range map[string]bool{"検": true, "検索": true, "ログ": true, "検索結": false, "ai": false, "a検": false, "": false, "\xe9": false} {
		if got := isUnitTerm(term); got != want {
			t.Errorf("isUnitTerm(%q) = %v, want %v", term, got, want)
		}
	}
}

// TestScanUnitMatchesScan checks the kept postings score every short
// Japanese term exactly as the substring scan of the sections table does,
// on the shared corpus, read from the index and then from the cache.
func TestScanUnitMatchesScan(t *testing.T) {
	e := sharedCorpusEngine(t)
	ctx := context.Background()
	terms := []string{"検索", "設計", "古", "判定", "ログ", "ー", "方法", "文書"}
	terms = append(terms, terms...) // the second time from the engine's cache
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		ready, err := unitsReady(ctx, tx)
		if err != nil {
			return err
		}
		if !ready {
			t.Fatal("sections still queued for their units after an index run")
		}
		st, err := readCorpusStats(ctx, tx)
		if err != nil {
			return err
		}
		for i, term := range terms {
			want := map[int64]float64{}
			wantDoc := map[int64]int64{}
			err := scanShortSubstrings(ctx, tx, []string{term}, st, func(_ int, id, doc int64, score float64) { want[id], wantDoc[id] = score, doc })
			if err != nil {
				return err
			}
			got := map[int64]float64{}
			err = e.scanUnit(ctx, tx, term, st, func(id, doc int64, score float64) {
				got[id] = score
				if wantDoc[id] != doc {
					t.Errorf("%q: section %d reported in document %d, want %d", term, id, doc, wantDoc[id])
				}
			})
			if err != nil {
				return err
			}
			if len(want) == 0 && i < 2 {
				t.Errorf("%q: the scan found nothing; the corpus changed?", term)
			}
			if len(got) != len(want) {
				t.Errorf("%q: postings found %d sections, scan %d", term, len(got), len(want))
			}
			for id, w := range want {
				if math.Abs(got[id]-w) > 1e-9 {
					t.Errorf("%q: section %d scores %v from postings, %v from the scan", term, id, got[id], w)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

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
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 1 || got[0] != "a.md" {
		t.Errorf("保存 after the edit: %v, want [a.md]", got)
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
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 2 {
		t.Errorf("保存 with a section queued: %v, want both documents", got)
	}
}
