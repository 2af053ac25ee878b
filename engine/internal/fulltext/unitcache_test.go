package fulltext

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
)

// unitsDenyDriver opens connections on which any statement reading the
// short-term postings (section_units and its views) fails to prepare.
var unitsDenyDriver = sync.OnceValue(func() string {
	name := "sqlite3_deny_section_units"
	sql.Register(name, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		c.RegisterAuthorizer(func(action int, table, _, _ string) int {
			if action == sqlite3.SQLITE_READ && strings.HasPrefix(table, "section_units") {
				return sqlite3.SQLITE_DENY
			}
			return sqlite3.SQLITE_OK
		})
		return nil
	}})
	return name
})

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
	denied, err := sql.Open(unitsDenyDriver(), ix.path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer denied.Close()

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
