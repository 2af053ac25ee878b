package vecstore

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ubp-dev/ubp/migrations"
)

// Count, kept by triggers, equals counting the rows of each model with a
// vector after every kind of write: new vectors, empty ones, a vector
// replaced by an empty one and back, a model change (Ensure's rebuild
// re-embeds), sections deleted (their rows go by cascade), and the
// orphans Ensure removes.
func TestCountFollowsEveryWrite(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	check := func(step string) {
		t.Helper()
		for _, m := range []string{"m1", "m2"} {
			var want int
			if err := db.QueryRow(`SELECT count(*) FROM section_embeddings WHERE model = ? AND dims > 0`, m).Scan(&want); err != nil {
				t.Fatal(err)
			}
			got, err := Count(ctx, db, m)
			if err != nil || got != want {
				t.Errorf("%s: Count(%s) = %d, %v; the rows say %d", step, m, got, err, want)
			}
		}
	}
	a := addDoc(t, db, "a", "one", "two", "three")
	b := addDoc(t, db, "b", "four")
	check("nothing embedded")
	ensure(t, db, "m1", 3)
	put(t, db, "m1", map[int64][]float32{a[0]: unitVec(1, 0, 0), a[1]: unitVec(0, 1, 0), a[2]: nil, b[0]: unitVec(0, 0, 1)})
	check("vectors and an empty one")
	put(t, db, "m1", map[int64][]float32{a[0]: nil, a[2]: unitVec(1, 1, 0)})
	check("a vector emptied, an empty one filled")
	put(t, db, "m1", map[int64][]float32{a[1]: unitVec(0, 1, 1)})
	check("a vector replaced")
	if _, err := db.Exec(`DELETE FROM documents WHERE id = (SELECT document_id FROM sections WHERE id = ?)`, b[0]); err != nil {
		t.Fatal(err)
	}
	check("a document deleted")
	if _, err := db.Exec(`DELETE FROM sections WHERE id = ?`, a[2]); err != nil {
		t.Fatal(err)
	}
	check("a section deleted")
	ensure(t, db, "m2", 2)
	put(t, db, "m2", map[int64][]float32{a[0]: unitVec(1, 0), a[1]: unitVec(0, 1)})
	check("another model")
	// Migration 0013 on an index that already holds vectors counts them.
	for _, stmt := range []string{`DROP TRIGGER embedding_counts_ai`, `DROP TRIGGER embedding_counts_ad`,
		`DROP TRIGGER embedding_counts_au`, `DROP TABLE embedding_counts`} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	all, err := migrations.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range all {
		if m.Version == 13 {
			if _, err := db.Exec(m.SQL); err != nil {
				t.Fatal(err)
			}
		}
	}
	check("migrated with vectors present")
	put(t, db, "m2", map[int64][]float32{a[0]: nil})
	check("after the migration")
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM embedding_counts WHERE model = 'm1' AND n <> 0`).Scan(&n); err != nil && err != sql.ErrNoRows {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("m1 still counts vectors after every row moved to m2")
	}
}
