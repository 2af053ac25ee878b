package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/query"
)

// TestCommonTermScoresKeptFromSecondSearch: a common term scored on a
// search's candidates reads the index on its first search in a generation;
// its second has the Matcher's Background read every score once (here at
// once, on the read pool), and later searches look the candidates up
// without reading the index, with the same scores as scoring the
// candidates in FTS5 (ftsrows.ScoreOn). A change of the index starts over;
// a Matcher without Background keeps nothing.
func TestCommonTermScoresKeptFromSecondSearch(t *testing.T) {
	files := map[string]string{}
	for i := range 12 {
		files[fmt.Sprintf("d%02d.md", i)] = fmt.Sprintf("# Doc %d\n\nThe pipeline %s.\n\n## Part\n\nMore pipeline text, pipeline again %d.\n", i, []string{"runs", "stops", "waits"}[i%3], i)
	}
	f := newCacheFixture(t, files, "sections_", "# C\n\nAnother pipeline.\n")
	term := query.Term{Text: "pipeline", Kind: query.Word, Script: query.ScriptLatin}
	var mt Matcher
	background := 0
	mt.Background = func(fn func(ctx context.Context, db store.Querier) error) bool {
		background++
		if err := read(f.ix.rdb, func(ctx context.Context, tx *sql.Tx, _ corpusStats) error { return fn(ctx, tx) }); err != nil {
			t.Errorf("background read: %v", err)
		}
		return true
	}
	hits := func(db *sql.DB, only []int64) (map[int64]float64, error) {
		got := map[int64]float64{}
		err := read(db, func(ctx context.Context, tx *sql.Tx, st corpusStats) error {
			n, err := mt.countMatches(ctx, tx, term)
			if err != nil {
				return err
			}
			return mt.commonHits(ctx, tx, term, st.n, n, only, func(id int64, s float64) { got[id] = s })
		})
		return got, err
	}
	var all []int64
	rows, err := f.ix.rdb.Query(`SELECT id FROM sections ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		all = append(all, id)
	}
	rows.Close()
	only := all[:len(all)*2/3] // the candidates: some sections, not all

	// The scores FTS5 gives the candidates themselves.
	var want map[int64]float64
	f.ix.readTx(t, func(tx *sql.Tx) error {
		ctx := context.Background()
		st, err := readCorpusStats(ctx, tx)
		if err != nil {
			return err
		}
		n, err := mt.countMatches(ctx, tx, term)
		if err != nil {
			return err
		}
		want = map[int64]float64{}
		return ftsHits(ctx, tx, term, st.n, n, 0, only, func(id int64, s float64) { want[id] = s })
	})
	if len(want) < 4 {
		t.Fatalf("the candidates hold %d matches of the term: the test would prove little", len(want))
	}
	first, err := hits(f.ix.rdb, only)
	if err != nil || !maps.Equal(first, want) {
		t.Fatalf("first search: %v, %v; want %v", first, err, want)
	}
	if _, err := hits(f.denied, only); err == nil {
		t.Fatal("after one search the scores were kept: a single search should not read them all")
	}
	second, err := hits(f.ix.rdb, only)
	if err != nil || !maps.Equal(second, want) {
		t.Fatalf("second search: %v, %v; want the same scores as ScoreOn, %v", second, err, want)
	}
	third, err := hits(f.denied, only)
	if err != nil || !maps.Equal(third, want) {
		t.Fatalf("third search: %v, %v; want %v from the kept scores", third, err, want)
	}
	one := slices.Collect(maps.Keys(want))[:1]
	if got, err := hits(f.denied, one); err != nil || len(got) != 1 || got[one[0]] != want[one[0]] {
		t.Fatalf("one candidate: %v, %v; want its score %v", got, err, want[one[0]])
	}
	if background != 1 {
		t.Errorf("%d background reads, want 1 (on the second search)", background)
	}
	f.change(t)
	if _, err := hits(f.denied, only); err == nil {
		t.Error("after the index changed, the scores still came from the cache")
	}

	mt = Matcher{} // no Background: every search scores the candidates
	for range 3 {
		if got, err := hits(f.ix.rdb, only); err != nil || len(got) == 0 {
			t.Fatalf("without Background: %v, %v", got, err)
		}
	}
	if _, err := hits(f.denied, only); err == nil {
		t.Error("without Background, the scores were kept")
	}
}
