package vecstore

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	sqlite_vec "github.com/asg017/sqlite-vec-go-bindings/cgo"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/migrations"
)

var vecOnce sync.Once

// openDB opens a new SQLite file with foreign keys on and every migration
// applied.
func openDB(t testing.TB) (*sql.DB, string) {
	t.Helper()
	vecOnce.Do(sqlite_vec.Auto)
	path := filepath.Join(t.TempDir(), "index.db")
	db, err := sql.Open(store.DriverName(), "file:"+path+"?_foreign_keys=on&_journal_mode=WAL&_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		if _, err := db.Exec(m.SQL); err != nil {
			t.Fatalf("migration %d_%s: %v", m.Version, m.Name, err)
		}
	}
	return db, path
}

// addDoc inserts a document with one section per content string and
// returns the section ids.
func addDoc(t testing.TB, db *sql.DB, name string, contents ...string) []int64 {
	t.Helper()
	res, err := db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
		VALUES (?, ?, ?, 'design', '', 'h', 0, 0, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`, name, name+".md", "Title of "+name)
	if err != nil {
		t.Fatal(err)
	}
	docID, _ := res.LastInsertId()
	var ids []int64
	for i, c := range contents {
		res, err := db.Exec(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
			VALUES (?, ?, ?, ?, ?, 2, ?, 1, 2, 1, ?)`, docID, i, fmt.Sprint("H", i), fmt.Sprint("H", i), fmt.Sprint("h", i), c, "hash:"+c)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := res.LastInsertId()
		ids = append(ids, id)
	}
	return ids
}

// inTx runs fn in a transaction and commits it.
func inTx(t testing.TB, db *sql.DB, fn func(tx *sql.Tx) error) {
	t.Helper()
	tx, err := db.BeginTx(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// ensure calls Ensure in a transaction.
func ensure(t testing.TB, db *sql.DB, model string, dims int) bool {
	t.Helper()
	var rebuilt bool
	inTx(t, db, func(tx *sql.Tx) (err error) {
		rebuilt, err = Ensure(context.Background(), tx, model, dims)
		return err
	})
	return rebuilt
}

// put stores the vectors (by section id) as model's, with the current
// pending text hashes.
func put(t testing.TB, db *sql.DB, model string, vecs map[int64][]float32) {
	t.Helper()
	ctx := context.Background()
	pend, err := Pending(ctx, db, model)
	if err != nil {
		t.Fatal(err)
	}
	hash := map[int64]string{}
	for _, p := range pend {
		hash[p.SectionID] = p.TextHash
	}
	var entries []Entry
	for id, v := range vecs {
		entries = append(entries, Entry{SectionID: id, TextHash: hash[id], Vector: v})
	}
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, model, entries) })
}

func count(t testing.TB, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func unitVec(xs ...float32) []float32 {
	var s float32
	for _, x := range xs {
		s += x * x
	}
	out := make([]float32, len(xs))
	for i, x := range xs {
		out[i] = x / sqrt32(s)
	}
	return out
}

// putMany adds a document of n sections ("section 0", "section 1", …) and
// stores vec(i) as section i's vector of model "m" (3 dimensions); it
// returns the section ids in order and the vectors by id.
func putMany(t testing.TB, db *sql.DB, n int, vec func(i int) []float32) ([]int64, map[int64][]float32) {
	t.Helper()
	contents := make([]string, n)
	for i := range contents {
		contents[i] = fmt.Sprintf("section %d", i)
	}
	ids := addDoc(t, db, "d", contents...)
	ensure(t, db, "m", 3)
	raw := make(map[int64][]float32, n)
	for i, id := range ids {
		raw[id] = vec(i)
	}
	put(t, db, "m", raw)
	return ids, raw
}

// RawVectors returns model's raw vectors (without the empty ones), in
// section id order, all at once (eachRawOf).
func RawVectors(ctx context.Context, q Querier, model string) ([][]float32, error) {
	var out [][]float32
	err := eachRawOf(ctx, q, model, func(v []float32) { out = append(out, v) })
	return out, err
}
