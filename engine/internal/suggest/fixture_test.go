package suggest

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// vectorIndex writes a new index of docs documents of perDoc sections
// each, every section with a vector of dims (vec, by its index) except
// those vec returns nil for, and returns it with the sections' documents
// (section id to document id).
func vectorIndex(t testing.TB, docs, perDoc, dims int, vec func(i int) []float32) (*sql.DB, map[int64]int64) {
	t.Helper()
	ctx := context.Background()
	db := storetest.Open(t, filepath.Join(t.TempDir(), "index.db"))
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	docOf := map[int64]int64{}
	var entries []vecstore.Entry
	for d := range docs {
		res, err := tx.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, 'T', 'design', '', 'h', 0, 0, '', '')`, fmt.Sprint("d", d), fmt.Sprintf("d%d.md", d))
		if err != nil {
			t.Fatal(err)
		}
		doc, _ := res.LastInsertId()
		for s := range perDoc {
			res, err := tx.Exec(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
				VALUES (?, ?, 'h', 'h', ?, 2, 'c', 1, 1, 1, 'x')`, doc, s, fmt.Sprint("h", s))
			if err != nil {
				t.Fatal(err)
			}
			id, _ := res.LastInsertId()
			docOf[id] = doc
			if v := vec(d*perDoc + s); v != nil {
				entries = append(entries, vecstore.Entry{SectionID: id, TextHash: "t", Vector: v})
			}
		}
	}
	if _, err := vecstore.Ensure(ctx, tx, "m", dims); err != nil {
		t.Fatal(err)
	}
	if err := vecstore.Put(ctx, tx, "m", entries); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return db, docOf
}

// twinVectors returns vec for vectorIndex: random unit vectors of dims,
// every tenth one (from the twentieth) a small move of the vector ten
// before it, so that some sections of different documents are near.
func twinVectors(dims int, seed uint64) func(i int) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	made := map[int][]float32{}
	return func(i int) []float32 {
		v := make([]float32, dims)
		for d := range v {
			v[d] = float32(r.NormFloat64())
			if i >= 20 && i%10 == 0 && made[i-10] != nil {
				v[d] = made[i-10][d] + float32(0.02*r.NormFloat64())
			}
		}
		var n float64
		for _, x := range v {
			n += float64(x) * float64(x)
		}
		for d := range v {
			v[d] = float32(float64(v[d]) / math.Sqrt(n))
		}
		made[i] = v
		return v
	}
}
