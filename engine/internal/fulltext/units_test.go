package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"math"
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
		t.Run(tt.text, func(t *testing.T) {
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
		})
	}
}

func TestIsUnitTerm(t *testing.T) {
	tests := []struct {
		term string
		want bool
	}{
		{"検", true}, {"検索", true}, {"ログ", true}, {"検索結", false}, {"ai", false}, {"a検", false}, {"", false}, {"\xe9", false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%q", tt.term), func(t *testing.T) {
			if got := isUnitTerm(tt.term); got != tt.want {
				t.Errorf("isUnitTerm(%q) = %v, want %v", tt.term, got, tt.want)
			}
		})
	}
}

// TestScanUnitMatchesScan checks the kept postings score every short
// Japanese term exactly as the substring scan of the sections table does,
// on the shared corpus, read from the index and then from the cache.
func TestScanUnitMatchesScan(t *testing.T) {
	ix := indexCorpus(t, "unified-blueprint-docs")
	ctx := context.Background()
	terms := []string{"検索", "設計", "古", "判定", "ログ", "ー", "方法", "文書"}
	terms = append(terms, terms...) // the second time from the matcher's cache
	var mt Matcher
	ix.readTx(t, func(tx *sql.Tx) error {
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
			wantDF, err := scanShortSubstrings(ctx, tx, []string{term}, st, math.MaxInt, func(_ int, id, doc int64, score float64) { want[id], wantDoc[id] = score, doc })
			if err != nil {
				return err
			}
			got := map[int64]float64{}
			gotDF, err := mt.scanUnit(ctx, tx, term, false, st, math.MaxInt, func(id, doc int64, score float64) {
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
			if len(got) != len(want) || gotDF != len(got) || wantDF[0] != len(want) {
				t.Errorf("%q: postings found %d sections (document frequency %d), scan %d (%d)", term, len(got), gotDF, len(want), wantDF[0])
			}
			for id, w := range want {
				if math.Abs(got[id]-w) > 1e-9 {
					t.Errorf("%q: section %d scores %v from postings, %v from the scan", term, id, got[id], w)
				}
			}
		}
		return nil
	})
}
