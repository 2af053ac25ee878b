package sectionrows

import (
	"context"
	"database/sql"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
)

// openIndex is a migrated index with two documents: a.md with two
// sections, b.md with none. It returns the pool, a.md's row id, b.md's
// and a.md's section ids in order.
func openIndex(t *testing.T) (db *sql.DB, a, b int64, secs []int64) {
	t.Helper()
	db = indextest.Open(t, t.TempDir()).DB
	for _, fp := range []string{"a.md", "b.md"} {
		res, err := db.Exec(`INSERT INTO documents(doc_id, filepath, title, doc_type, body, content_hash, file_size, file_mtime, indexed_at, updated_at)
			VALUES (?, ?, 'T', 'design', '', 'h', 0, 0, '', '')`, fp, fp)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := res.LastInsertId()
		if fp == "a.md" {
			a = id
		} else {
			b = id
		}
	}
	for ord, heading := range []string{"", "Second"} {
		res, err := db.Exec(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
			VALUES (?, ?, ?, ?, '', 2, ?, ?, ?, 1, 'h')`, a, ord, heading, heading, "text "+heading, 1+10*ord, 9+10*ord)
		if err != nil {
			t.Fatal(err)
		}
		id, _ := res.LastInsertId()
		secs = append(secs, id)
	}
	return db, a, b, secs
}

func TestRows(t *testing.T) {
	ctx := context.Background()
	db, a, b, secs := openIndex(t)
	rows, err := Load(ctx, db, []int64{secs[1], 999})
	if err != nil {
		t.Fatal(err)
	}
	if r := rows[secs[1]]; len(rows) != 1 || r.Doc != a || r.Ord != 1 || r.Heading != "Second" || r.HeadingPath != "Second" ||
		r.Content != "text Second" || r.StartLine != 11 || r.EndLine != 19 {
		t.Errorf("Load = %+v, want the second section of a.md only", rows)
	}
	all, err := All(ctx, db)
	if err != nil || len(all) != 2 {
		t.Errorf("All: %d rows, %v; want 2", len(all), err)
	}
	var each []int64
	err = Each(ctx, db, func(r *Row) error {
		each = append(each, r.ID)
		if r.Doc != a || r.Content != "text "+r.Heading {
			t.Errorf("Each: row %+v, want a.md's with its text", r)
		}
		return nil
	})
	if err != nil || !slices.Equal(each, secs) {
		t.Errorf("Each: %v, %v; want %v in id order", each, err, secs)
	}
	owners, err := AllDocuments(ctx, db)
	if err != nil || len(owners) != 2 || owners[secs[0]] != a || owners[secs[1]] != a {
		t.Errorf("AllDocuments = %v, %v; want both sections in a.md", owners, err)
	}
	docs, err := Documents(ctx, db, []int64{secs[0], secs[1], 999})
	if err != nil || len(docs) != 2 || docs[secs[0]] != a || docs[secs[1]] != a {
		t.Errorf("Documents = %v, %v; want both sections in a.md", docs, err)
	}
	if id, ok := First(ctx, db, a); !ok || id != secs[0] {
		t.Errorf("First(a.md) = %d, %v; want %d", id, ok, secs[0])
	}
	if _, ok := First(ctx, db, b); ok {
		t.Error("First(b.md) found a section; it has none")
	}
}

func TestSort(t *testing.T) {
	s := []Scored{{ID: 3, Score: 0.5}, {ID: 1, Score: 0.9}, {ID: 2, Score: 0.5}}
	Sort(s)
	if want := []Scored{{ID: 1, Score: 0.9}, {ID: 2, Score: 0.5}, {ID: 3, Score: 0.5}}; !slices.Equal(s, want) {
		t.Errorf("Sort = %v, want %v (best first, ties by id)", s, want)
	}
}
