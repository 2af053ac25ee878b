package vecstore

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
)

// benchIndex fills a new database with n sections and random unit vectors
// of dims, and returns it with a query vector.
func benchIndex(b *testing.B, n, dims int) (*sql.DB, []float32) {
	b.Helper()
	db, _ := openDB(b)
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, 2))
	vec := func() []float32 {
		v := make([]float32, dims)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return embed.Normalize(v)
	}
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
		VALUES ('d', 'd.md', 'D', 'design', '', 'h', 0, 0, '', '')`); err != nil {
		b.Fatal(err)
	}
	ins, err := tx.Prepare(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
		VALUES (1, ?, 'h', 'h', 'h', 2, 'c', 1, 1, 1, ?)`)
	if err != nil {
		b.Fatal(err)
	}
	entries := make([]Entry, n)
	for i := range entries {
		res, err := ins.Exec(i, fmt.Sprint(i))
		if err != nil {
			b.Fatal(err)
		}
		id, _ := res.LastInsertId()
		entries[i] = Entry{SectionID: id, TextHash: "x", Vector: vec()}
	}
	ins.Close()
	if _, err := Ensure(ctx, tx, "m", dims); err != nil {
		b.Fatal(err)
	}
	if err := Put(ctx, tx, "m", entries); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return db, vec()
}

func BenchmarkNearest(b *testing.B) {
	for _, dims := range []int{100, 1024} {
		b.Run(fmt.Sprintf("10k×%dd", dims), func(b *testing.B) {
			db, q := benchIndex(b, 10000, dims)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				ms, err := Nearest(ctx, db, "m", q, 50)
				if err != nil || len(ms) != 50 {
					b.Fatal(len(ms), err)
				}
			}
		})
	}
}

// BenchmarkSetComponent is the cost of a component change: reprojecting
// every vector of the index.
func BenchmarkSetComponent(b *testing.B) {
	db, _ := benchIndex(b, 10000, 100)
	ctx := context.Background()
	vecs, err := RawVectors(ctx, db, "m")
	if err != nil {
		b.Fatal(err)
	}
	pc := embed.CommonComponent(vecs)
	for b.Loop() {
		tx, _ := db.Begin()
		if err := SetComponent(ctx, tx, "m", pc); err != nil {
			b.Fatal(err)
		}
		tx.Rollback()
	}
}

// BenchmarkPending is the per-run cost of finding what to embed when
// nothing changed (10k sections).
func BenchmarkPending(b *testing.B) {
	db, _ := benchIndex(b, 10000, 100)
	ctx := context.Background()
	for b.Loop() {
		ps, err := Pending(ctx, db, "m")
		if err != nil || len(ps) != 10000 { // test hashes "x" never match
			b.Fatal(len(ps), err)
		}
	}
}

// BenchmarkEnsureUnchanged is the per-run cost of Ensure when the model is
// unchanged: the sweep of orphan rows over 10k vectors.
func BenchmarkEnsureUnchanged(b *testing.B) {
	db, _ := benchIndex(b, 10000, 100)
	ctx := context.Background()
	for b.Loop() {
		tx, _ := db.Begin()
		rebuilt, err := Ensure(ctx, tx, "m", 100)
		if err != nil || rebuilt {
			b.Fatal(rebuilt, err)
		}
		tx.Rollback()
	}
}

// BenchmarkNearestCells is a search's nearest-section query at the size
// of 10,000 documents: 64,000 clustered vectors of 100 dimensions in
// cells, k = 100 (a search's limit × 10), queries near stored vectors.
func BenchmarkNearestCells(b *testing.B) {
	const n, dims = 64000, 100
	db, _ := openDB(b)
	ctx := context.Background()
	_, entries := clusteredEntries(b, db, n, dims, 200, 0.1, rand.New(rand.NewPCG(3, 4)))
	vecs := vectorsOf(entries)
	inTx(b, db, func(tx *sql.Tx) error {
		if err := Put(ctx, tx, "m", entries); err != nil {
			return err
		}
		return Reproject(ctx, tx)
	})
	r := rand.New(rand.NewPCG(5, 6))
	queries := make([][]float32, 64)
	for i := range queries {
		q := make([]float32, dims)
		v := vecs[r.IntN(n)]
		for d := range q {
			q[d] = v[d] + 0.05*float32(r.NormFloat64())
		}
		queries[i] = q
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		ms, err := Nearest(ctx, db, "m", queries[i%len(queries)], 100)
		if err != nil || len(ms) != 100 {
			b.Fatal(len(ms), err)
		}
		i++
	}
}

// BenchmarkCellAssignment assigns 1,000 unit vectors of 100 dimensions to the
// nearest of 63 cells, as training and reprojecting the cells of a
// 10,000-document index does 64,015 times.
func BenchmarkCellAssignment(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	vec := func() []float32 {
		v := make([]float32, 100)
		for i := range v {
			v[i] = float32(r.NormFloat64())
		}
		return unit(v)
	}
	cs := make(cells, 63)
	for i := range cs {
		cs[i] = vec()
	}
	vs := make([][]float32, 1000)
	for i := range vs {
		vs[i] = vec()
	}
	for b.Loop() {
		for _, v := range vs {
			cs.nearest(v)
		}
	}
}
