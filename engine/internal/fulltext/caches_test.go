package fulltext

import (
	"context"
	"database/sql"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// cacheFixture is a small index, a connection on which every read of the
// tables a cache stands in for fails, and a way to change the index.
type cacheFixture struct {
	ix     *testIndex
	denied *sql.DB
	change func(t *testing.T) // adds docs/c.md, indexes it and fills the units
}

// newCacheFixture indexes files; denied refuses reads of tables whose name
// starts with deny; change adds a document with content c.
func newCacheFixture(t *testing.T, files map[string]string, deny, c string) *cacheFixture {
	t.Helper()
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	fixture.WriteFiles(t, docs, files)
	built := indextest.Build(t, root)
	ix := fill(t, built)
	return &cacheFixture{ix: ix, denied: openDenying(t, ix.path, deny), change: func(t *testing.T) {
		t.Helper()
		ctx := context.Background()
		fixture.Edit(t, filepath.Join(docs, "c.md"), c)
		if _, err := built.Run(ctx, writer.Options{}); err != nil {
			t.Fatal(err)
		}
		if _, err := FillUnits(ctx, ix.db); err != nil {
			t.Fatal(err)
		}
	}}
}

// read runs fn in a read transaction of db with the corpus statistics.
func read(db *sql.DB, fn func(ctx context.Context, tx *sql.Tx, st corpusStats) error) error {
	ctx := context.Background()
	return store.ReadTx(ctx, db, func(tx *sql.Tx) error {
		st, err := readCorpusStats(ctx, tx)
		if err != nil {
			return err
		}
		return fn(ctx, tx, st)
	})
}

// TestCachesServeRepeatReads: what the matcher read once for a term (a
// unit's scan, an FTS5 term's count, its best rows) is passed on again
// without reading the index, until the index changes; then it is read
// again and follows the new state.
func TestCachesServeRepeatReads(t *testing.T) {
	latin := map[string]string{"a.md": "# A\n\nThe pipeline runs.\n", "b.md": "# B\n\nA pipeline and a scheduler.\n"}
	term := func(s string) query.Term { return query.Term{Text: s, Kind: query.Word, Script: query.ScriptLatin} }
	tests := []struct {
		name          string
		files         map[string]string
		deny          string // table prefix the cache stands in for
		added         string // a document that adds one match
		term, unknown string // a term to cache, one never read
		// read reads term through the matcher and reports what it passed
		// on, comparable between reads.
		read func(mt *Matcher, ctx context.Context, tx *sql.Tx, st corpusStats, term string) (string, error)
	}{
		{"a unit's scan", map[string]string{"a.md": "# A\n\n検索の話。\n", "b.md": "# B\n\n検索と設計の話。\n"},
			"section_units", "# C\n\n検索する。\n", "検索", "設計",
			func(mt *Matcher, ctx context.Context, tx *sql.Tx, st corpusStats, unit string) (string, error) {
				var scores []float64
				df, err := mt.scanUnit(ctx, tx, unit, false, st, maxTermRows, func(_, _ int64, s float64) { scores = append(scores, s) })
				slices.Sort(scores)
				return fmtScan(df, scores), err
			}},
		{"an FTS5 term's count", latin, "sections_", "# C\n\nAnother pipeline.\n", "pipeline", "scheduler",
			func(mt *Matcher, ctx context.Context, tx *sql.Tx, _ corpusStats, word string) (string, error) {
				n, err := mt.countMatches(ctx, tx, term(word))
				return fmtScan(n, nil), err
			}},
		{"an FTS5 term's best rows", latin, "sections_", "# C\n\nAnother pipeline.\n", "pipeline", "scheduler",
			func(mt *Matcher, ctx context.Context, tx *sql.Tx, st corpusStats, word string) (string, error) {
				var scores []float64
				err := mt.bestFTSHits(ctx, tx, term(word), st.n, 2, maxTermRows, func(_ int64, s float64) { scores = append(scores, s) })
				return fmtScan(len(scores), scores), err
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newCacheFixture(t, tt.files, tt.deny, tt.added)
			var mt Matcher
			get := func(db *sql.DB, term string) (got string, err error) {
				err = read(db, func(ctx context.Context, tx *sql.Tx, st corpusStats) error {
					got, err = tt.read(&mt, ctx, tx, st, term)
					return err
				})
				return got, err
			}
			if _, err := get(f.denied, tt.unknown); err == nil {
				t.Fatal("a term never read was read on the denying connection: the test would prove nothing")
			}
			first, err := get(f.ix.rdb, tt.term)
			if err != nil || first == fmtScan(0, nil) {
				t.Fatalf("first read: %s, %v", first, err)
			}
			if again, err := get(f.denied, tt.term); err != nil || again != first {
				t.Fatalf("repeat read: %s, %v; want %s from the cache", again, err, first)
			}
			f.change(t)
			if _, err := get(f.denied, tt.term); err == nil {
				t.Error("after the index changed, the read still came from the cache")
			}
			if after, err := get(f.ix.rdb, tt.term); err != nil || after == first {
				t.Errorf("after the index changed: %s, %v; want other than %s", after, err, first)
			}
		})
	}
}

// Each kind of scan has its own bound in sections: the common terms'
// scores (16 bytes a section) up to maxCommonHits, the best-rows scans up
// to maxCachedHits; a scan that does not fit is not kept, and a newer
// generation empties the cache.
func TestScanCacheBoundsByKind(t *testing.T) {
	rows := func(n int) commonRows { return commonRows{ids: make([]int64, n), scores: make([]float64, n)} }
	var common scanCache[countKey, commonRows]
	a, b, c := countKey{expr: "a"}, countKey{expr: "b"}, countKey{expr: "c"}
	common.put(1, a, rows(maxCachedHits))
	if !common.room(1, maxCommonHits-maxCachedHits) || common.room(1, maxCommonHits-maxCachedHits+1) {
		t.Errorf("room after %d sections: want exactly %d more", maxCachedHits, maxCommonHits-maxCachedHits)
	}
	common.put(1, b, rows(maxCommonHits-maxCachedHits))
	common.put(1, c, rows(1))
	if _, ok := common.get(1, b); !ok {
		t.Error("a scan that fits the common terms' bound was not kept")
	}
	if _, ok := common.get(1, c); ok {
		t.Error("a scan past the common terms' bound was kept")
	}
	common.put(2, c, rows(1))
	if _, ok := common.get(2, a); ok {
		t.Error("a newer generation kept an older scan")
	}
	if _, ok := common.get(2, c); !ok {
		t.Error("a newer generation's scan was not kept")
	}
	var best scanCache[ftsKey, termScan]
	best.put(1, ftsKey{expr: "x"}, termScan{best: make([]scoredHit, maxCachedHits)})
	if best.room(1, 1) {
		t.Errorf("a best-rows cache of %d sections has room for more", maxCachedHits)
	}
}
