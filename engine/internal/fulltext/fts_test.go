package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// TestReadFTSTermsScoresCommonTermsOnTheMatchedSections: a term in at most limit sections is read whole; a
// commoner one is scored only on the sections matched so far, or, when
// nothing has matched, the rarest common term reads its best rows and the
// others are scored on those. Every term keeps its whole document
// frequency, and a section scores the same whichever way it was read.
func TestReadFTSTermsScoresCommonTermsOnTheMatchedSections(t *testing.T) {
	files := map[string]string{}
	// "pipeline" in 8 sections, "scheduler" in 6 (d2–d7), "quorum" in 2 (d0, d9).
	for i := range 10 {
		var words []string
		if i < 8 {
			words = append(words, strings.Repeat("pipeline ", 1+i))
		}
		if i >= 2 && i < 8 {
			words = append(words, strings.Repeat("scheduler ", 8-i))
		}
		if i == 0 || i == 9 {
			words = append(words, "quorum")
		}
		files[fmt.Sprintf("d%d.md", i)] = fmt.Sprintf("# Doc %d\n\n%s filler text.\n", i, strings.Join(words, " "))
	}
	ix := indexFiles(t, files)
	term := func(s string) query.Term { return query.Term{Text: s, Kind: query.Word, Script: query.ScriptLatin} }
	all := []query.Term{term("pipeline"), term("scheduler"), term("quorum")}
	ctx := context.Background()

	// The score of every section for each term alone, every match read.
	whole := map[int]map[int64]float64{}
	docOf := map[int64]string{}
	ix.readTx(t, func(tx *sql.Tx) error {
		st, err := readCorpusStats(ctx, tx)
		if err != nil {
			return err
		}
		for ti, tm := range all {
			whole[ti] = map[int64]float64{}
			matched, err := ftsrows.CountMatches(ctx, tx, ftsIndex(tm), tm.Expr())
			if err != nil {
				return err
			}
			if err := ftsHits(ctx, tx, tm, st.n, matched, 100, nil, func(id int64, s float64) { whole[ti][id] = s }); err != nil {
				return err
			}
		}
		rows, err := tx.Query(`SELECT s.id, d.filepath FROM sections s JOIN documents d ON d.id = s.document_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var path string
			if err := rows.Scan(&id, &path); err != nil {
				return err
			}
			docOf[id] = path
		}
		return rows.Err()
	})
	if len(whole[0]) != 8 || len(whole[1]) != 6 || len(whole[2]) != 2 {
		t.Fatalf("the corpus matches %d, %d, %d sections, want 8, 6, 2", len(whole[0]), len(whole[1]), len(whole[2]))
	}
	docs := func(ids map[int64]bool) []string {
		var out []string
		for id := range ids {
			out = append(out, docOf[id])
		}
		slices.Sort(out)
		return out
	}

	tests := []struct {
		name     string
		terms    []int // indexes into all
		limit    int
		wantDocs map[int][]string // per term, the documents of the sections it was read on
	}{
		{"every term under the limit: each read whole", []int{0, 1, 2}, 100, map[int][]string{
			0: {"d0.md", "d1.md", "d2.md", "d3.md", "d4.md", "d5.md", "d6.md", "d7.md"},
			1: {"d2.md", "d3.md", "d4.md", "d5.md", "d6.md", "d7.md"},
			2: {"d0.md", "d9.md"},
		}},
		{"common terms scored on the rare term's sections", []int{0, 1, 2}, 2, map[int][]string{
			0: {"d0.md"},
			1: nil,
			2: {"d0.md", "d9.md"},
		}},
		{"nothing rare: the rarest common term's best rows, the other scored on them", []int{0, 1}, 3, map[int][]string{
			// scheduler (6) is rarer than pipeline (8); its best rows are
			// where it is most frequent, d2–d4.
			1: {"d2.md", "d3.md", "d4.md"},
			0: {"d2.md", "d3.md", "d4.md"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := map[int]map[int64]bool{}
			df := map[int]int{}
			matched := map[int64]bool{}
			ix.readTx(t, func(tx *sql.Tx) error {
				st, err := readCorpusStats(ctx, tx)
				if err != nil {
					return err
				}
				var mt Matcher
				return mt.readFTSTerms(ctx, tx, all, tt.terms, st.n, tt.limit,
					func() []int64 {
						var ids []int64
						for id := range matched {
							ids = append(ids, id)
						}
						return ids
					},
					func(ti, n int) { df[ti] = n },
					func(ti int, id int64, score float64) {
						if got[ti] == nil {
							got[ti] = map[int64]bool{}
						}
						got[ti][id], matched[id] = true, true
						if w := whole[ti][id]; math.Abs(score-w) > 1e-9 {
							t.Errorf("%s in %s scores %v, %v when read whole", all[ti].Text, docOf[id], score, w)
						}
					})
			})
			for ti, want := range tt.wantDocs {
				if g := docs(got[ti]); !slices.Equal(g, want) {
					t.Errorf("%s read on %v, want %v", all[ti].Text, g, want)
				}
				if df[ti] != len(whole[ti]) {
					t.Errorf("%s: document frequency %d, want %d", all[ti].Text, df[ti], len(whole[ti]))
				}
			}
		})
	}
}
