package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// testIndex is an index built as an indexing run of the engine builds it,
// less the embeddings: the writer's run over a docs folder, then the
// short-term postings (FillUnits).
type testIndex struct {
	path string  // the database file
	db   *sql.DB // the writing pool
	rdb  *sql.DB // the read pool
}

// indexFiles indexes files (path under the docs folder → content) in a new
// project.
func indexFiles(t testing.TB, files map[string]string) *testIndex {
	t.Helper()
	root := t.TempDir()
	fixture.WriteFiles(t, filepath.Join(root, "docs"), files)
	return fill(t, indextest.Build(t, root))
}

// indexCorpus indexes a copy of one of the repository's corpora.
func indexCorpus(t testing.TB, name string) *testIndex {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, name), root, time.Time{})
	return fill(t, indextest.Build(t, root))
}

// fill writes the short-term postings of an index the writer built, as
// the engine does after its run.
func fill(t testing.TB, built *indextest.Index) *testIndex {
	t.Helper()
	if _, err := FillUnits(context.Background(), built.DB); err != nil {
		t.Fatalf("fill the short-term postings: %v", err)
	}
	return &testIndex{path: built.Path, db: built.DB, rdb: built.RDB}
}

// readTx runs fn in one read transaction and fails the test on error.
func (ix *testIndex) readTx(t testing.TB, fn func(tx *sql.Tx) error) {
	t.Helper()
	if err := store.ReadTx(context.Background(), ix.rdb, fn); err != nil {
		t.Fatal(err)
	}
}

// denyDrivers are the drivers openDenying registered, by table prefix.
var denyDrivers sync.Map

// openDenying opens the index at path read-only on connections where any
// statement reading a table whose name starts with prefix (its columns,
// or an FTS5 table's match) fails to prepare: what a test then reads
// without error came from a cache.
func openDenying(t testing.TB, path, prefix string) *sql.DB {
	t.Helper()
	name := "sqlite3_deny_" + prefix
	if _, loaded := denyDrivers.LoadOrStore(prefix, true); !loaded {
		sql.Register(name, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
			c.RegisterAuthorizer(func(action int, table, _, _ string) int {
				if action == sqlite3.SQLITE_READ && strings.HasPrefix(table, prefix) {
					return sqlite3.SQLITE_DENY
				}
				return sqlite3.SQLITE_OK
			})
			return nil
		}})
	}
	db, err := sql.Open(name, path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// fmtScan shows a term's document frequency and scores for comparison.
func fmtScan(df int, scores []float64) string {
	return fmt.Sprintf("df %d, scores %v", df, scores)
}
