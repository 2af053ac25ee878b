package fulltext

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
)

func TestKeepBest(t *testing.T) {
	hits := func(scores ...float64) []scoredHit {
		out := make([]scoredHit, len(scores))
		for i, s := range scores {
			out[i] = scoredHit{id: int64(i + 1), doc: 1, score: s}
		}
		return out
	}
	// byID and reversed stand for the sections' places in the files.
	byID := func(ids []int64) ([]int64, error) { return slices.Sorted(slices.Values(ids)), nil }
	reversed := func(ids []int64) ([]int64, error) {
		s := slices.Sorted(slices.Values(ids))
		slices.Reverse(s)
		return s, nil
	}
	tests := []struct {
		name    string
		hits    []scoredHit
		limit   int
		byPlace func([]int64) ([]int64, error)
		want    []int64 // section ids kept, in order
	}{
		{"under the limit: as they are", hits(0.1, 0.9, 0.5), 5, byID, []int64{1, 2, 3}},
		{"at the limit: as they are", hits(0.1, 0.9, 0.5), 3, byID, []int64{1, 2, 3}},
		{"over the limit: the best, best first", hits(0.1, 0.9, 0.5, 0.7), 2, byID, []int64{2, 4}},
		{"equal scores at the cut: first by place", hits(0.5, 0.5, 0.9, 0.5), 3, byID, []int64{3, 1, 2}},
		{"equal scores at the cut: by place, not by id", hits(0.5, 0.5, 0.9, 0.5), 3, reversed, []int64{3, 4, 2}},
		{"equal scores before the cut: all kept", hits(0.5, 0.5, 0.9, 0.1), 3, reversed, []int64{3, 1, 2}},
		{"a section gone: after those in place", hits(0.5, 0.5, 0.9, 0.5), 3, func([]int64) ([]int64, error) { return []int64{4}, nil }, []int64{3, 4, 1}},
		{"no hits", nil, 3, byID, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kept, err := keepBest(tt.hits, tt.limit, tt.byPlace)
			if err != nil {
				t.Fatal(err)
			}
			var got []int64
			for _, h := range kept {
				got = append(got, h.id)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("kept %v, want %v", got, tt.want)
			}
		})
	}
}

// The short terms scored in Go (units from their postings, substrings and
// short words from a scan) pass on only their best sections, as an FTS5
// term does, yet report every section they are in (their IDF).
func TestShortTermsPassOnTheirBestSections(t *testing.T) {
	files := map[string]string{}
	for i := range 6 {
		body := strings.Repeat("検索 go ", 1+i) + "ほかの話題についての文章。\n"
		files[fmt.Sprintf("d%d.md", i)] = fmt.Sprintf("# Doc %d\n\n%s", i, body)
	}
	ix := indexFiles(t, files)
	scans := []struct {
		name string
		scan func(ctx context.Context, tx *sql.Tx, st corpusStats, limit int, fn func(score float64)) (int, error)
	}{
		{"unit postings", func(ctx context.Context, tx *sql.Tx, st corpusStats, limit int, fn func(float64)) (int, error) {
			var mt Matcher
			return mt.scanUnit(ctx, tx, "検索", false, st, limit, func(_, _ int64, s float64) { fn(s) })
		}},
		{"substring scan", func(ctx context.Context, tx *sql.Tx, st corpusStats, limit int, fn func(float64)) (int, error) {
			df, err := scanShortSubstrings(ctx, tx, []string{"検索"}, st, limit, func(_ int, _, _ int64, s float64) { fn(s) })
			if err != nil {
				return 0, err
			}
			return df[0], nil
		}},
		{"short word scan", func(ctx context.Context, tx *sql.Tx, st corpusStats, limit int, fn func(float64)) (int, error) {
			terms := []query.Term{{Text: "go", Kind: query.Word, Script: query.ScriptLatin}}
			df, err := scanShortWords(ctx, tx, terms, st, limit, func(_ int, _, _ int64, s float64) { fn(s) })
			if err != nil {
				return 0, err
			}
			return df[0], nil
		}},
	}
	for _, sc := range scans {
		for _, limit := range []int{100, 6, 3} {
			t.Run(fmt.Sprintf("%s, limit %d", sc.name, limit), func(t *testing.T) {
				ctx := context.Background()
				var got []float64
				var all []float64
				ix.readTx(t, func(tx *sql.Tx) error {
					st, err := readCorpusStats(ctx, tx)
					if err != nil {
						return err
					}
					if _, err := sc.scan(ctx, tx, st, 100, func(s float64) { all = append(all, s) }); err != nil {
						return err
					}
					df, err := sc.scan(ctx, tx, st, limit, func(s float64) { got = append(got, s) })
					if df != 6 {
						t.Errorf("document frequency %d, want 6", df)
					}
					return err
				})
				if want := min(limit, 6); len(got) != want {
					t.Fatalf("%d sections passed on, want %d", len(got), want)
				}
				slices.SortFunc(all, func(a, b float64) int { return cmp.Compare(b, a) })
				slices.SortFunc(got, func(a, b float64) int { return cmp.Compare(b, a) })
				if !slices.Equal(got, all[:len(got)]) {
					t.Errorf("passed on %v, the best are %v", got, all[:len(got)])
				}
			})
		}
	}
}
