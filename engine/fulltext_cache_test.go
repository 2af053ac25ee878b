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
		if counts["検 "] != 0 || counts[" 索"] != 0 {
			t.Errorf("countUnits(%q) made a unit with ASCII: %v", tt.text, counts)
		}
	}
}

func TestSectionIndexServesUnit(t *testing.T) {
	idx := &sectionIndex{units: map[string][]unitPosting{}}
	for term, want := range map[string]bool{"検": true, "検索": true, "ログ": true, "検索結": false, "ai": false, "a検": false, "": false} {
		if got := idx.servesUnit(term); got != want {
			t.Errorf("servesUnit(%q) = %v, want %v", term, got, want)
		}
	}
	if (&sectionIndex{}).servesUnit("検索") {
		t.Error("an index without postings claims to serve 検索")
	}
}

// TestSectionIndexMatchesScan checks the postings score every short
// Japanese term exactly as the substring scan of the sections table does,
// on the shared corpus.
func TestSectionIndexMatchesScan(t *testing.T) {
	e := sharedCorpusEngine(t)
	ctx := context.Background()
	terms := []string{"検索", "設計", "古", "判定", "ログ", "ー", "方法", "文書"}
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		idx, err := e.sectionIndex(ctx, tx)
		if err != nil {
			return err
		}
		if idx.stats.n != coreCount(t, e, `SELECT count(*) FROM sections`) {
			t.Errorf("index has %d sections", idx.stats.n)
		}
		for i, term := range terms {
			if !idx.servesUnit(term) {
				t.Fatalf("postings do not serve %q", term)
			}
			want := map[int64]float64{}
			err := scanShortSubstrings(ctx, tx, []string{term}, idx.stats, func(_ int, id, _ int64, score float64) { want[id] = score })
			if err != nil {
				return err
			}
			got := map[int64]float64{}
			idx.scanUnit(term, func(id, doc int64, score float64) {
				got[id] = score
				if idx.docOf[id] != doc {
					t.Errorf("%q: section %d reported in document %d, want %d", term, id, doc, idx.docOf[id])
				}
			})
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

// TestSectionIndexFollowsEdits checks a search after a re-index sees the
// new text and title: the snapshot is rebuilt when the search generation
// moves, including for sections and documents updated in place.
func TestSectionIndexFollowsEdits(t *testing.T) {
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
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "検索"})); len(got) != 0 {
		t.Errorf("検索 after the edit: %v, want nothing", got)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "保存"})); len(got) != 1 || got[0] != "a.md" {
		t.Errorf("保存 after the edit: %v, want [a.md]", got)
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "別"})); len(got) != 1 || got[0] != "b.md" {
		t.Errorf("別 after the edit: %v, want [b.md]", got)
	}
	// Document metadata comes from the same snapshot: the new title shows.
	if res := mustSearch(t, e, SearchOptions{Query: "保存"}); len(res.Results) == 0 || res.Results[0].Title != "保存ガイド" {
		t.Errorf("保存 after the edit: %+v, want a.md titled 保存ガイド first", res.Results)
	}
	// A change to a document row alone (the indexer rewrites sections too,
	// so write the row directly) must also move the generation.
	if _, err := e.DB().Exec(`UPDATE documents SET title = '保存の手引き' WHERE filepath = 'a.md'`); err != nil {
		t.Fatal(err)
	}
	if res := mustSearch(t, e, SearchOptions{Query: "保存"}); len(res.Results) == 0 || res.Results[0].Title != "保存の手引き" {
		t.Errorf("保存 after the title update: %+v, want a.md titled 保存の手引き first", res.Results)
	}
}

// BenchmarkSectionIndexBuild is the cost of the first search after the
// index changed at 1,000 documents: reading every document and section and
// building the unit postings. It reports the postings held.
func BenchmarkSectionIndexBuild(b *testing.B) {
	e := benchProject(b, 1000, "none")
	ctx := context.Background()
	var postings int
	runTimed(b, func() error {
		return e.readTx(ctx, func(tx *sql.Tx) error {
			idx, err := buildSectionIndex(ctx, tx, 0)
			if err != nil {
				return err
			}
			postings = 0
			for _, ps := range idx.units {
				postings += len(ps)
			}
			return nil
		})
	})
	b.ReportMetric(float64(postings), "postings")
}
