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
)

// TestUnitCacheServesRepeatScans: a unit scanned once is scanned again from
// the matcher's cache without reading its postings, until the index
// changes; then it is read again and scores the new state.
func TestUnitCacheServesRepeatScans(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	indextest.WriteFiles(t, docs, map[string]string{
		"a.md": "# A\n\n検索の話。\n",
		"b.md": "# B\n\n検索と設計の話。\n",
	})
	built := indextest.Build(t, root)
	ix := fill(t, built)
	denied := openDenying(t, ix.path, "section_units")

	var mt Matcher
	scan := func(db *sql.DB, unit string) (df int, err error) {
		err = store.ReadTx(ctx, db, func(tx *sql.Tx) error {
			st, err := readCorpusStats(ctx, tx)
			if err != nil {
				return err
			}
			df, err = mt.scanUnit(ctx, tx, unit, st, maxTermRows, func(int64, int64, float64) {})
			return err
		})
		return df, err
	}
	if _, err := scan(denied, "設計"); err == nil {
		t.Fatal("a unit never scanned was read on the denying connection: the test would prove nothing")
	}
	if df, err := scan(ix.rdb, "検索"); err != nil || df != 2 {
		t.Fatalf("first scan: document frequency %d, %v; want 2", df, err)
	}
	if df, err := scan(denied, "検索"); err != nil || df != 2 {
		t.Fatalf("repeat scan: document frequency %d, %v; want 2 from the cache", df, err)
	}

	indextest.Edit(t, filepath.Join(docs, "c.md"), "# C\n\n検索する。\n")
	if _, err := built.Run(ctx, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := FillUnits(ctx, ix.db); err != nil {
		t.Fatal(err)
	}
	if _, err := scan(denied, "検索"); err == nil {
		t.Error("after the index changed, the scan still came from the cache")
	}
	if df, err := scan(ix.rdb, "検索"); err != nil || df != 3 {
		t.Errorf("after the index changed: document frequency %d, %v; want 3", df, err)
	}
}

// TestCountCacheServesRepeatCounts: an FTS5 term counted once is counted
// again from the matcher's cache without walking its matches, until the
// index changes.
func TestCountCacheServesRepeatCounts(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	indextest.WriteFiles(t, docs, map[string]string{
		"a.md": "# A\n\nThe pipeline runs.\n",
		"b.md": "# B\n\nA pipeline and a scheduler.\n",
	})
	built := indextest.Build(t, root)
	ix := fill(t, built)
	denied := openDenying(t, ix.path, "sections_")
	term := func(s string) query.Term { return query.Term{Text: s, Kind: query.Word, Script: query.ScriptLatin} }

	var mt Matcher
	count := func(db *sql.DB, tm query.Term) (n int, err error) {
		err = store.ReadTx(ctx, db, func(tx *sql.Tx) error {
			n, err = mt.countMatches(ctx, tx, tm)
			return err
		})
		return n, err
	}
	if _, err := count(denied, term("scheduler")); err == nil {
		t.Fatal("a term never counted was counted on the denying connection: the test would prove nothing")
	}
	if n, err := count(ix.rdb, term("pipeline")); err != nil || n != 2 {
		t.Fatalf("first count: %d, %v; want 2", n, err)
	}
	if n, err := count(denied, term("pipeline")); err != nil || n != 2 {
		t.Fatalf("repeat count: %d, %v; want 2 from the cache", n, err)
	}

	indextest.Edit(t, filepath.Join(docs, "c.md"), "# C\n\nAnother pipeline.\n")
	if _, err := built.Run(ctx, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := count(denied, term("pipeline")); err == nil {
		t.Error("after the index changed, the count still came from the cache")
	}
	if n, err := count(ix.rdb, term("pipeline")); err != nil || n != 3 {
		t.Errorf("after the index changed: %d, %v; want 3", n, err)
	}
}

// TestBestRowsCacheServesRepeatReads: an FTS5 term's best rows, once read,
// are passed on again from the matcher's cache without a query, until the
// index changes.
func TestBestRowsCacheServesRepeatReads(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	indextest.WriteFiles(t, docs, map[string]string{
		"a.md": "# A\n\nThe pipeline runs.\n",
		"b.md": "# B\n\nA pipeline and a scheduler.\n",
	})
	built := indextest.Build(t, root)
	ix := fill(t, built)
	denied := openDenying(t, ix.path, "sections_")
	term := func(s string) query.Term { return query.Term{Text: s, Kind: query.Word, Script: query.ScriptLatin} }

	var mt Matcher
	read := func(db *sql.DB, tm query.Term) (scores []float64, err error) {
		err = store.ReadTx(ctx, db, func(tx *sql.Tx) error {
			st, err := readCorpusStats(ctx, tx)
			if err != nil {
				return err
			}
			return mt.bestFTSHits(ctx, tx, tm, st.n, 2, maxTermRows, func(_ int64, s float64) { scores = append(scores, s) })
		})
		return scores, err
	}
	if _, err := read(denied, term("scheduler")); err == nil {
		t.Fatal("a term never read was read on the denying connection: the test would prove nothing")
	}
	first, err := read(ix.rdb, term("pipeline"))
	if err != nil || len(first) != 2 {
		t.Fatalf("first read: %v, %v; want 2 rows", first, err)
	}
	again, err := read(denied, term("pipeline"))
	if err != nil || !slices.Equal(again, first) {
		t.Fatalf("repeat read: %v, %v; want %v from the cache", again, err, first)
	}

	indextest.Edit(t, filepath.Join(docs, "c.md"), "# C\n\nAnother pipeline.\n")
	if _, err := built.Run(ctx, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := read(denied, term("pipeline")); err == nil {
		t.Error("after the index changed, the rows still came from the cache")
	}
}
