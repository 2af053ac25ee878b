package fulltext

import (
	"context"
	"database/sql"
	"maps"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
)

// TestScanShortWordsTogether: short words scanned in one pass score each
// section as a scan of each word alone does, full-width text included.
func TestScanShortWordsTogether(t *testing.T) {
	ix := indexFiles(t, map[string]string{
		"a.md": "# A\n\nWe go to the AI lab. Go and ai again.\n",
		"b.md": "# B\n\nＡＩ の研究と ＧＯ 言語。\n",
		"c.md": "# C\n\nGoing, aim, goal: none of them count.\n",
		"d.md": "# D\n\nThe id of user_id and 1) first 2) second.\n",
	})
	words := []string{"go", "ai", "id", "1"}
	terms := make([]query.Term, len(words))
	for i, w := range words {
		terms[i] = query.Term{Text: w, Kind: query.Word, Script: query.ScriptLatin}
	}
	ctx := context.Background()
	ix.readTx(t, func(tx *sql.Tx) error {
		st, err := readCorpusStats(ctx, tx)
		if err != nil {
			return err
		}
		together := make([]map[int64]float64, len(terms))
		for i := range together {
			together[i] = map[int64]float64{}
		}
		df, err := scanShortWords(ctx, tx, terms, st, 100, func(i int, id, _ int64, s float64) { together[i][id] = s })
		if err != nil {
			return err
		}
		wantDF := []int{2, 2, 1, 1}
		for i, term := range terms {
			alone := map[int64]float64{}
			dfAlone, err := scanShortWords(ctx, tx, []query.Term{term}, st, 100, func(_ int, id, _ int64, s float64) { alone[id] = s })
			if err != nil {
				return err
			}
			if !maps.Equal(alone, together[i]) || dfAlone[0] != df[i] || df[i] != wantDF[i] {
				t.Errorf("%q: together %v (df %d), alone %v (df %d); want df %d", term.Text, together[i], df[i], alone, dfAlone[0], wantDF[i])
			}
		}
		return nil
	})
}
