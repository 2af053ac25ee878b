package vecstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

func ids(ms []Match) []int64 {
	var out []int64
	for _, m := range ms {
		out = append(out, m.SectionID)
	}
	return out
}

func pendingIDs(t *testing.T, db *sql.DB, model string) []int64 {
	t.Helper()
	ps, err := Pending(context.Background(), db, model)
	if err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, p := range ps {
		out = append(out, p.SectionID)
	}
	return out
}

func TestEnsure(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	if _, ok, err := ReadState(ctx, db); ok || err != nil {
		t.Fatalf("fresh database has state (ok %v, err %v)", ok, err)
	}
	steps := []struct {
		model   string
		dims    int
		rebuilt bool
	}{
		{"m1", 4, true},
		{"m1", 4, false},
		{"m1", 8, true}, // same model, other dims
		{"m2", 8, true}, // other model, same dims
		{"m2", 8, false},
	}
	for i, s := range steps {
		if got := ensure(t, db, s.model, s.dims); got != s.rebuilt {
			t.Fatalf("step %d Ensure(%s, %d) rebuilt = %v, want %v", i, s.model, s.dims, got, s.rebuilt)
		}
		st, ok, err := ReadState(ctx, db)
		if err != nil || !ok || st.Model != s.model || st.Dims != s.dims {
			t.Fatalf("step %d state %+v ok %v err %v", i, st, ok, err)
		}
	}
	bad := []struct {
		model string
		dims  int
		want  string
	}{
		{"", 4, "empty model"},
		{"m", 0, "0 dimensions"},
		{"m", 9000, "9000 dimensions"},
	}
	for _, b := range bad {
		tx, _ := db.Begin()
		_, err := Ensure(ctx, tx, b.model, b.dims)
		tx.Rollback()
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("Ensure(%q, %d) error %v, want %q", b.model, b.dims, err, b.want)
		}
	}
	// A lost vec0 table (state row without its table) is rebuilt.
	if _, err := db.Exec(`DROP TABLE ` + vecTable); err != nil {
		t.Fatal(err)
	}
	if !ensure(t, db, "m2", 8) {
		t.Error("Ensure did not rebuild a missing vec0 table")
	}
}

func TestPendingPutAndTextHashes(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	a := addDoc(t, db, "a", "alpha", "beta")
	b := addDoc(t, db, "b", "日本語")
	ensure(t, db, "m1", 3)
	if got := pendingIDs(t, db, "m1"); !slices.Equal(got, []int64{a[0], a[1], b[0]}) {
		t.Fatalf("pending %v", got)
	}
	ps, _ := Pending(ctx, db, "m1")
	ps, err := LoadTexts(ctx, db, ps)
	if err != nil {
		t.Fatal(err)
	}
	if ps[0].Text != "Title of a\n\nH0\n\nalpha" || ps[2].Text != "Title of b\n\nH0\n\n日本語" {
		t.Errorf("texts %q, %q", ps[0].Text, ps[2].Text)
	}
	// b's section has nothing to embed: recorded without a vector.
	put(t, db, "m1", map[int64][]float32{a[0]: unitVec(1, 0, 0), a[1]: unitVec(0, 1, 0), b[0]: nil})
	if got := pendingIDs(t, db, "m1"); len(got) != 0 {
		t.Fatalf("pending after Put %v", got)
	}
	if n, _ := Count(ctx, db, "m1"); n != 2 {
		t.Errorf("Count %d, want 2 (the empty one does not count)", n)
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 2 {
		t.Errorf("vec0 rows %d, want 2", n)
	}
	// A changed section is pending again, alone.
	if _, err := db.Exec(`UPDATE sections SET content = 'alpha two', content_hash = 'hash:alpha two' WHERE id = ?`, a[0]); err != nil {
		t.Fatal(err)
	}
	if got := pendingIDs(t, db, "m1"); !slices.Equal(got, []int64{a[0]}) {
		t.Fatalf("pending after a content change %v, want [%d]", got, a[0])
	}
	// A renamed heading path or document title changes the text too.
	if _, err := db.Exec(`UPDATE sections SET heading_path = 'Parent > H1' WHERE id = ?`, a[1]); err != nil {
		t.Fatal(err)
	}
	if got := pendingIDs(t, db, "m1"); !slices.Equal(got, []int64{a[0], a[1]}) {
		t.Fatalf("pending after a heading path change %v", got)
	}
	if _, err := db.Exec(`UPDATE documents SET title = 'Renamed' WHERE doc_id = 'b'`); err != nil {
		t.Fatal(err)
	}
	if got := pendingIDs(t, db, "m1"); !slices.Equal(got, []int64{a[0], a[1], b[0]}) {
		t.Fatalf("pending after a title change %v", got)
	}
	// Another model needs everything.
	if got := pendingIDs(t, db, "m2"); len(got) != 3 {
		t.Fatalf("pending for another model %v", got)
	}
	// LoadTexts drops a section deleted meanwhile.
	ps, _ = Pending(ctx, db, "m1")
	if _, err := db.Exec(`DELETE FROM sections WHERE id = ?`, a[1]); err != nil {
		t.Fatal(err)
	}
	ps, err = LoadTexts(ctx, db, ps)
	if err != nil || len(ps) != 2 || ps[0].SectionID != a[0] || ps[1].SectionID != b[0] {
		t.Fatalf("LoadTexts after a delete: %+v, %v", ps, err)
	}
}

func TestNearestOrdering(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	s := addDoc(t, db, "d", "x", "xy", "y", "-x", "z")
	ensure(t, db, "m", 3)
	put(t, db, "m", map[int64][]float32{
		s[0]: unitVec(1, 0, 0),
		s[1]: unitVec(1, 1, 0),
		s[2]: unitVec(0, 1, 0),
		s[3]: unitVec(-1, 0, 0),
		s[4]: unitVec(0, 0, 1),
	})
	q := unitVec(1, 0.2, 0)
	got, err := Nearest(ctx, db, "m", q, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int64{s[0], s[1], s[2], s[4], s[3]}; !slices.Equal(ids(got), want) {
		t.Fatalf("order %v, want %v", ids(got), want)
	}
	for _, m := range got {
		var v []float32
		switch m.SectionID {
		case s[0]:
			v = unitVec(1, 0, 0)
		case s[3]:
			v = unitVec(-1, 0, 0)
		default:
			continue
		}
		want := float64(q[0]*v[0] + q[1]*v[1] + q[2]*v[2])
		if math.Abs(m.Similarity-want) > 1e-5 {
			t.Errorf("section %d similarity %v, want %v", m.SectionID, m.Similarity, want)
		}
	}
	top, err := Nearest(ctx, db, "m", q, 2)
	if err != nil || !slices.Equal(ids(top), []int64{s[0], s[1]}) {
		t.Fatalf("k=2: %v %v", ids(top), err)
	}
	// Reads work on a read-only connection.
	_, path := openDBPath(t, db)
	ro, err := sql.Open(store.DriverName(), "file:"+path+"?mode=ro&_query_only=on")
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if got, err := Nearest(ctx, ro, "m", q, 1); err != nil || len(got) != 1 || got[0].SectionID != s[0] {
		t.Fatalf("read-only Nearest: %v %v", got, err)
	}
	bad := []struct {
		name  string
		model string
		q     []float32
		k     int
		want  string
	}{
		{"wrong dims", "m", []float32{1, 0}, 3, "2 dimensions"},
		{"zero", "m", []float32{0, 0, 0}, 3, "zero"},
		{"nan", "m", []float32{float32(math.NaN()), 0, 0}, 3, "NaN"},
		{"k zero", "m", q, 0, "k is 0"},
		{"other model", "m2", q, 3, "no vector index"},
	}
	for _, b := range bad {
		if _, err := Nearest(ctx, db, b.model, b.q, b.k); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: error %v, want %q", b.name, err, b.want)
		}
	}
}

// openDBPath returns the file behind db.
func openDBPath(t *testing.T, db *sql.DB) (*sql.DB, string) {
	t.Helper()
	var seq int
	var name, file string
	if err := db.QueryRow(`PRAGMA database_list`).Scan(&seq, &name, &file); err != nil {
		t.Fatal(err)
	}
	return db, file
}

func TestModelChangeRebuildsAndReembeds(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	s := addDoc(t, db, "d", "one", "two")
	ensure(t, db, "static-v1", 3)
	put(t, db, "static-v1", map[int64][]float32{s[0]: unitVec(1, 0, 0), s[1]: unitVec(0, 1, 0)})

	if !ensure(t, db, "openai:big", 4) {
		t.Fatal("model change did not rebuild")
	}
	// The old model's vectors are neither searchable nor in the new table.
	if _, err := Nearest(ctx, db, "static-v1", unitVec(1, 0, 0), 5); !errors.Is(err, ErrNoIndex) {
		t.Errorf("old model Nearest error %v, want ErrNoIndex", err)
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 0 {
		t.Errorf("new vec0 table holds %d rows of the old model", n)
	}
	if got, err := Nearest(ctx, db, "openai:big", unitVec(1, 0, 0, 0), 5); err != nil || len(got) != 0 {
		t.Errorf("new model before re-embedding: %v %v", got, err)
	}
	if got := pendingIDs(t, db, "openai:big"); !slices.Equal(got, s) {
		t.Fatalf("pending after model change %v, want all %v", got, s)
	}
	// Putting a vector of the wrong length fails and changes nothing.
	tx, _ := db.Begin()
	err := Put(ctx, tx, "openai:big", []Entry{{SectionID: s[0], TextHash: "x", Vector: unitVec(1, 0, 0)}})
	tx.Rollback()
	if err == nil || !strings.Contains(err.Error(), "3-dimensional vector") {
		t.Fatalf("wrong-dims Put error %v", err)
	}
	// Put for a model the index does not hold fails.
	tx, _ = db.Begin()
	err = Put(ctx, tx, "static-v1", []Entry{{SectionID: s[0], TextHash: "x", Vector: unitVec(1, 0, 0)}})
	tx.Rollback()
	if !errors.Is(err, ErrNoIndex) {
		t.Fatalf("Put for another model: %v", err)
	}
	put(t, db, "openai:big", map[int64][]float32{s[0]: unitVec(0, 0, 0, 1), s[1]: unitVec(0, 0, 1, 0)})
	got, err := Nearest(ctx, db, "openai:big", unitVec(0, 0, 0.1, 1), 5)
	if err != nil || !slices.Equal(ids(got), []int64{s[0], s[1]}) {
		t.Fatalf("new model Nearest %v %v", ids(got), err)
	}
	if n := count(t, db, `SELECT count(*) FROM section_embeddings WHERE model = 'static-v1'`); n != 0 {
		t.Errorf("%d old-model rows remain after re-embedding", n)
	}
	// Switching back rebuilds again, and only the raw vectors of that
	// model fill the table (none are left).
	if !ensure(t, db, "static-v1", 3) {
		t.Fatal("switch back did not rebuild")
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 0 {
		t.Errorf("vec0 holds %d rows after switching back", n)
	}
}

// A lost vec0 table takes the vectors indexed in it along (each is stored
// once, raw.go): Ensure rebuilds the table, and their sections are pending
// again, searchable once embedded anew.
func TestRebuildAfterLostTableReembeds(t *testing.T) {
	db, _ := openDB(t)
	s := addDoc(t, db, "d", "one", "two")
	ensure(t, db, "m", 2)
	put(t, db, "m", map[int64][]float32{s[0]: unitVec(1, 0), s[1]: unitVec(0, 1)})
	if _, err := db.Exec(`DROP TRIGGER ` + vecTrigger + `; DROP TABLE ` + vecTable); err != nil {
		t.Fatal(err)
	}
	if !ensure(t, db, "m", 2) {
		t.Fatal("not rebuilt")
	}
	if got := pendingIDs(t, db, "m"); !slices.Equal(got, s) {
		t.Fatalf("pending after losing the table %v, want %v", got, s)
	}
	put(t, db, "m", map[int64][]float32{s[0]: unitVec(1, 0), s[1]: unitVec(0, 1)})
	got, err := Nearest(context.Background(), db, "m", unitVec(0, 1), 5)
	if err != nil || !slices.Equal(ids(got), []int64{s[1], s[0]}) {
		t.Fatalf("after rebuild %v %v", ids(got), err)
	}
}

func TestDeletedSectionsLeaveNoVectors(t *testing.T) {
	db, path := openDB(t)
	ctx := context.Background()
	a := addDoc(t, db, "a", "one", "two")
	b := addDoc(t, db, "b", "three")
	ensure(t, db, "m", 2)
	put(t, db, "m", map[int64][]float32{a[0]: unitVec(1, 0), a[1]: unitVec(1, 1), b[0]: unitVec(0, 1)})

	// Deleting a document cascades to its sections, their embeddings and
	// (by trigger) their vec0 rows.
	if _, err := db.Exec(`DELETE FROM documents WHERE doc_id = 'a'`); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `SELECT count(*) FROM section_embeddings`); n != 1 {
		t.Errorf("section_embeddings rows %d, want 1", n)
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 1 {
		t.Errorf("vec0 rows %d, want 1", n)
	}
	got, err := Nearest(ctx, db, "m", unitVec(1, 0), 10)
	if err != nil || !slices.Equal(ids(got), []int64{b[0]}) {
		t.Fatalf("Nearest after delete %v %v", ids(got), err)
	}

	// A writer without foreign keys leaves orphans; Ensure sweeps them.
	c := addDoc(t, db, "c", "four")
	put(t, db, "m", map[int64][]float32{c[0]: unitVec(1, 0)})
	nofk, err := sql.Open(store.DriverName(), "file:"+path+"?_foreign_keys=off")
	if err != nil {
		t.Fatal(err)
	}
	defer nofk.Close()
	if _, err := nofk.Exec(`DELETE FROM sections WHERE id = ?`, c[0]); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `SELECT count(*) FROM section_embeddings`); n != 2 {
		t.Fatalf("orphan not left behind (rows %d): the test needs foreign keys off", n)
	}
	if ensure(t, db, "m", 2) {
		t.Error("sweep rebuilt the table")
	}
	if n := count(t, db, `SELECT count(*) FROM section_embeddings`); n != 1 {
		t.Errorf("section_embeddings rows after sweep %d, want 1", n)
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 1 {
		t.Errorf("vec0 rows after sweep %d, want 1", n)
	}
	// A stray vec0 row with no raw vector goes too.
	if _, err := db.Exec(`INSERT INTO `+vecTable+`(rowid, embedding) VALUES (999, ?)`, encodeVector(unitVec(1, 0))); err != nil {
		t.Fatal(err)
	}
	if ensure(t, db, "m", 2) {
		t.Error("sweep rebuilt the table")
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable+` WHERE rowid = 999`); n != 0 {
		t.Error("stray vec0 row survived the sweep")
	}
	// A lost trigger (a tool without sqlite-vec dropped it) makes Ensure
	// rebuild the table from the raw vectors: rows deleted meanwhile go.
	if _, err := nofk.Exec(`DROP TRIGGER ` + vecTrigger + `; DELETE FROM section_embeddings`); err != nil {
		t.Fatal(err)
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 1 {
		t.Fatalf("vec0 rows %d: the trigger was not gone", n)
	}
	if !ensure(t, db, "m", 2) {
		t.Error("Ensure did not rebuild a table that lost its trigger")
	}
	if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != 0 {
		t.Errorf("vec0 rows without raw vectors after Ensure: %d", n)
	}
	if n := count(t, db, `SELECT count(*) FROM sqlite_master WHERE name = ?`, vecTrigger); n != 1 {
		t.Error("trigger not recreated")
	}
}

func TestSetComponentReprojects(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	s := addDoc(t, db, "d", "a", "b", "c")
	ensure(t, db, "m", 3)
	// Three vectors sharing a big common direction (0,0,1).
	raw := map[int64][]float32{
		s[0]: unitVec(1, 0, 3),
		s[1]: unitVec(0, 1, 3),
		s[2]: unitVec(-1, 0.2, 3),
	}
	put(t, db, "m", raw)
	vecs, err := RawVectors(ctx, db, "m")
	if err != nil || len(vecs) != 3 {
		t.Fatalf("RawVectors %d %v", len(vecs), err)
	}
	pc := embed.CommonComponent(vecs)
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", pc) })
	got, err := Component(ctx, db, "m")
	if err != nil || len(got) != 3 || math.Abs(float64(got[2]-pc[2])) > 1e-7 {
		t.Fatalf("Component %v %v", got, err)
	}
	// Similarities are now those of the vectors minus the component.
	q := embed.RemoveComponent(unitVec(1, 0.1, 3), pc)
	matches, err := Nearest(ctx, db, "m", q, 3)
	if err != nil || len(matches) != 3 {
		t.Fatalf("Nearest %v %v", matches, err)
	}
	for _, m := range matches {
		p := embed.RemoveComponent(raw[m.SectionID], pc)
		want := float64(p[0]*q[0] + p[1]*q[1] + p[2]*q[2])
		if math.Abs(m.Similarity-want) > 1e-5 {
			t.Errorf("section %d similarity %v, want %v (component removed)", m.SectionID, m.Similarity, want)
		}
	}
	// A vector added later is projected with the stored component.
	s2 := addDoc(t, db, "e", "d")
	put(t, db, "m", map[int64][]float32{s2[0]: unitVec(1, 0.1, 3)})
	top, err := Nearest(ctx, db, "m", q, 1)
	if err != nil || top[0].SectionID != s2[0] || top[0].Similarity < 0.9999 {
		t.Fatalf("new vector not projected: %+v %v", top, err)
	}
	// Wrong length or model.
	tx, _ := db.Begin()
	defer tx.Rollback()
	if err := SetComponent(ctx, tx, "m", []float32{1, 0}); err == nil || !strings.Contains(err.Error(), "component of 2 dimensions") {
		t.Errorf("SetComponent wrong dims: %v", err)
	}
	if err := SetComponent(ctx, tx, "other", pc); !errors.Is(err, ErrNoIndex) {
		t.Errorf("SetComponent other model: %v", err)
	}
	if _, err := Component(ctx, tx, "other"); !errors.Is(err, ErrNoIndex) {
		t.Errorf("Component other model: %v", err)
	}
	// A rebuild forgets the component.
	tx.Rollback()
	ensure(t, db, "m", 4)
	if c, err := Component(ctx, db, "m"); err != nil || c != nil {
		t.Errorf("component after rebuild %v %v", c, err)
	}
}

func TestCodec(t *testing.T) {
	v := []float32{1.5, -2, 0, float32(math.Inf(1))}
	got, err := decodeVector(encodeVector(v), 4)
	if err != nil || !slices.Equal(got, v) {
		t.Fatalf("round trip %v %v", got, err)
	}
	for _, b := range [][]byte{{1, 2, 3}, make([]byte, 8)} {
		if _, err := decodeVector(b, 4); err == nil {
			t.Errorf("decodeVector(%d bytes, 4) accepted", len(b))
		}
	}
	if got := SectionText("T", "", "  body  "); got != "T\n\nbody" {
		t.Errorf("SectionText %q", got)
	}
	if h1, h2 := TextHash("a", "b", "c"), TextHash("a", "b", "c"); h1 == TextHash("a", "bc", "") || h1 != h2 {
		t.Error("TextHash does not separate its parts or is not stable")
	}
}

// TestReprojectKeepsTableCompact: vec0 never reuses the slots of deleted
// rows, so a reprojection that deleted and re-inserted every row left the
// table with twice the slots it needs (a full index always reprojects once
// its common component is known).
func TestReprojectKeepsTableCompact(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	const n = 1100 // just over one vec0 chunk (1,024 slots)
	ids, _ := putMany(t, db, n, func(i int) []float32 { return unitVec(float32(i%7)+1, float32(i%5), 3) })
	vecs, err := RawVectors(ctx, db, "m")
	if err != nil {
		t.Fatal(err)
	}
	for round := range 3 {
		pc := embed.CommonComponent(vecs)
		if round%2 == 1 {
			pc = nil
		}
		inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", pc) })
		if got := count(t, db, `SELECT count(*) FROM `+vecTable); got != n {
			t.Fatalf("round %d: %d rows, want %d", round, got, n)
		}
		if slots := count(t, db, `SELECT sum(size) FROM `+vecTable+`_chunks`); slots != 2048 {
			t.Errorf("round %d: %d slots for %d vectors, want 2048 (two chunks)", round, slots, n)
		}
	}
	// Deletion still removes a section's row through the recreated trigger.
	if _, err := db.Exec(`DELETE FROM section_embeddings WHERE section_id = ?`, ids[0]); err != nil {
		t.Fatal(err)
	}
	if got := count(t, db, `SELECT count(*) FROM `+vecTable); got != n-1 {
		t.Errorf("after deleting one: %d rows, want %d", got, n-1)
	}
}

func TestPendingIn(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	a := addDoc(t, db, "a", "one", "two")
	b := addDoc(t, db, "b", "three")
	ensure(t, db, "m", 3)
	put(t, db, "m", map[int64][]float32{a[0]: unitVec(1, 0, 0)})
	var docA, docB int64
	if err := db.QueryRow(`SELECT document_id FROM sections WHERE id = ?`, a[0]).Scan(&docA); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow(`SELECT document_id FROM sections WHERE id = ?`, b[0]).Scan(&docB); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		docs []int64
		want []int64
	}{
		{"none", nil, nil},
		{"a", []int64{docA}, []int64{a[1]}},
		{"b", []int64{docB}, []int64{b[0]}},
		{"both, repeated", []int64{docB, docA, docB}, []int64{a[1], b[0]}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := PendingIn(ctx, db, "m", tc.docs)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			for _, p := range got {
				ids = append(ids, p.SectionID)
			}
			if fmt.Sprint(ids) != fmt.Sprint(tc.want) {
				t.Errorf("PendingIn(%v) = %v, want %v", tc.docs, ids, tc.want)
			}
		})
	}
	all, err := Pending(ctx, db, "m")
	if err != nil || len(all) != 2 {
		t.Errorf("Pending = %v, %v; want the 2 sections without a vector", all, err)
	}
}

// TestReprojectPages: Reproject reads the vectors a page at a time; every
// vector of every page is indexed once.
func TestReprojectPages(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	n := reprojectPage + 5
	ids, raw := putMany(t, db, n, func(i int) []float32 { return unitVec(float32(i%11)+1, float32(i%3), 1) })
	inTx(t, db, func(tx *sql.Tx) error { return Reproject(ctx, tx) })
	if got := count(t, db, `SELECT count(*) FROM `+vecTable); got != n {
		t.Fatalf("%d rows after Reproject, want %d", got, n)
	}
	if got := count(t, db, `SELECT count(DISTINCT rowid) FROM `+vecTable); got != n {
		t.Fatalf("%d distinct rows, want %d", got, n)
	}
	last := ids[len(ids)-1]
	top, err := Nearest(ctx, db, "m", raw[last], 1)
	if err != nil || len(top) != 1 || top[0].Similarity < 0.9999 {
		t.Fatalf("Nearest to the last vector: %+v, %v", top, err)
	}
}
