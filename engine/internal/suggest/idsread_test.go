package suggest

import (
	"context"
	"database/sql"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/mattn/go-sqlite3"

	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// vectorStatements counts, on the connections of openCountingVectors, the
// authorizations of reads of the vec0 table's vectors: each statement
// reading them is authorized as it is prepared (more than once each).
var (
	vectorStatements atomic.Int64
	countingOnce     sync.Once
)

// openCountingVectors opens the index at path read-only on connections
// that count in vectorStatements the authorizations of reads of the vec0
// table's vectors (section_vectors.embedding).
func openCountingVectors(t testing.TB, path string) *sql.DB {
	t.Helper()
	const name = "sqlite3_count_vectors"
	countingOnce.Do(func() {
		sql.Register(name, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
			c.RegisterAuthorizer(func(action int, table, column, _ string) int {
				if action == sqlite3.SQLITE_READ && table == "section_vectors" && column == "embedding" {
					vectorStatements.Add(1)
				}
				return sqlite3.SQLITE_OK
			})
			return nil
		}})
	})
	db, err := sql.Open(name, "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestVectorPairsReadTheVectorsOnce: sections that fit one group have
// their vectors read once, by one scan of every vector (as many
// authorizations as one ScanSectionVectors; until 2026-11-28 by the
// group's rowid lookups); the ids of the sections compared are read
// without them. Until
// 2026-11-28 a first pass read every vector for its id (SectionVectorPages,
// a rowid lookup of the vec0 table a section: 9–10 s of the command at
// 66,508 sections).
func TestVectorPairsReadTheVectorsOnce(t *testing.T) {
	db, docs := vectorIndex(t, 30, 2, 4, twinVectors(4, 11))
	ctx := context.Background()
	var path string
	if err := db.QueryRow(`SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&path); err != nil {
		t.Fatal(err)
	}
	want, ok, err := VectorPairs(ctx, db, docs, 0.5)
	if err != nil || !ok || len(want) == 0 {
		t.Fatalf("VectorPairs on the index: %d pairs, %v, %v", len(want), ok, err)
	}
	counting := openCountingVectors(t, path)
	st, _, err := vecstore.ReadState(ctx, counting)
	if err != nil {
		t.Fatal(err)
	}
	// What reading every vector once, in one scan, counts.
	vectorStatements.Store(0)
	all := 0
	err = vecstore.ScanSectionVectors(ctx, counting, st, func(int64, []float32) error { all++; return nil })
	if err != nil || all != len(docs) {
		t.Fatalf("ScanSectionVectors: %d vectors, %v", all, err)
	}
	once := vectorStatements.Load()
	if once == 0 {
		t.Fatal("reading the vectors counted nothing: the count reads nothing?")
	}
	vectorStatements.Store(0)
	got, ok, err := VectorPairs(ctx, counting, docs, 0.5)
	if err != nil || !ok {
		t.Fatalf("VectorPairs: %v, %v", ok, err)
	}
	if n := vectorStatements.Load(); n != once {
		t.Errorf("the vectors of %d sections in one group were read by statements counting %d, reading them once counts %d", len(docs), n, once)
	}
	if !slices.Equal(got, want) {
		t.Errorf("VectorPairs = %v, want %v", got, want)
	}
}
