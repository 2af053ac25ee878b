package vecstore

import (
	"context"
	"database/sql"
	"slices"
	"sync"
	"testing"

	"github.com/mattn/go-sqlite3"
)

// SectionVectorPages reads the vectors of the state's model, one per
// section that has one, in section id order and pages of the size asked
// (a section without a vector does not end the pages early);
// SectionVectorsOf reads those of the sections asked.
func TestSectionVectors(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	ids := addDoc(t, db, "a", "one", "two", "three", "four")
	ensure(t, db, "m", 2)
	want := map[int64][]float32{ids[0]: unitVec(1, 0), ids[2]: unitVec(0, 1), ids[3]: unitVec(1, 1)}
	put(t, db, "m", want)
	st, ok, err := ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("ReadState: %v, %v", ok, err)
	}
	check := func(what string, got []SectionVector, ids ...int64) {
		t.Helper()
		if len(got) != len(ids) {
			t.Fatalf("%s = %+v, want the vectors of sections %v", what, got, ids)
		}
		for i, id := range ids {
			if got[i].SectionID != id || !slices.Equal(got[i].Vector, want[id]) {
				t.Errorf("%s[%d] = %+v, want section %d's stored vector %v", what, i, got[i], id, want[id])
			}
		}
	}
	for _, page := range []int{1, 2, 10} {
		var got []SectionVector
		pages := 0
		err := SectionVectorPages(ctx, db, st, page, func(p []SectionVector) error {
			pages++
			if len(p) > page {
				t.Errorf("page of %d vectors, want at most %d", len(p), page)
			}
			got = append(got, p...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		check("SectionVectorPages", got, ids[0], ids[2], ids[3])
		if page == 1 && pages < 3 {
			t.Errorf("%d pages of one vector for 3 vectors", pages)
		}
	}
	got, err := SectionVectorsOf(ctx, db, st, []int64{ids[0], ids[1], ids[3]})
	if err != nil {
		t.Fatal(err)
	}
	check("SectionVectorsOf", got, ids[0], ids[3])
}

// TestSectionIDsReadNoVector: SectionIDs names the sections
// SectionVectorPages passes on (indexed, staged, without those whose
// vector has nothing left after the removal of the common component or
// that have none), on a connection that may not read the vec0 table's
// vectors: until 2026-11-28 link suggestions read the ids through
// SectionVectorPages, a rowid lookup of the vec0 table a section (9–10 s
// at 66,508 sections).
func TestSectionIDsReadNoVector(t *testing.T) {
	db, path := openDB(t)
	ctx := context.Background()
	ids := addDoc(t, db, "a", "one", "two", "three", "four", "five", "six")
	ensure(t, db, "m", 2)
	put(t, db, "m", map[int64][]float32{ids[0]: unitVec(1, 0), ids[1]: unitVec(0, 1), ids[4]: nil})
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", unitVec(1, 0)) })
	inTx(t, db, func(tx *sql.Tx) error {
		return PutRaw(ctx, tx, "m", []Entry{{SectionID: ids[2], Vector: unitVec(1, 1)}, {SectionID: ids[3], Vector: unitVec(1, 0)}})
	})
	st, ok, err := ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("ReadState: %v, %v", ok, err)
	}
	var want []int64
	err = SectionVectorPages(ctx, db, st, 10, func(p []SectionVector) error {
		for _, sv := range p {
			want = append(want, sv.SectionID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(want, []int64{ids[1], ids[2]}) {
		t.Fatalf("SectionVectorPages passes on sections %v, want %v: the fixture changed?", want, []int64{ids[1], ids[2]})
	}
	denied := openDenyingVectors(t, path)
	got, err := SectionIDs(ctx, denied, st)
	if err != nil {
		t.Fatalf("SectionIDs read the vec0 table's vectors: %v", err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("SectionIDs = %v, want %v", got, want)
	}
	if err := SectionVectorPages(ctx, denied, st, 10, func([]SectionVector) error { return nil }); err == nil {
		t.Error("SectionVectorPages read the vectors on the denying connection: the denial reads nothing?")
	}
}

var denyVectorsOnce sync.Once

// openDenyingVectors opens the index at path read-only on connections
// where a statement reading the vec0 table's vectors fails to prepare.
func openDenyingVectors(t testing.TB, path string) *sql.DB {
	t.Helper()
	const name = "sqlite3_deny_vectors"
	denyVectorsOnce.Do(func() {
		sql.Register(name, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
			c.RegisterAuthorizer(func(action int, table, column, _ string) int {
				if action == sqlite3.SQLITE_READ && table == vecTable && column == "embedding" {
					return sqlite3.SQLITE_DENY
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

// TestScanSectionVectorsAsPages: ScanSectionVectors passes on the vectors
// SectionVectorPages does (indexed, staged, none for a section whose
// vector had nothing left after the removal of the common component or
// that has none), each once, with the same values, in one scan of the
// vec0 table instead of a rowid lookup a section.
func TestScanSectionVectorsAsPages(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	ids := addDoc(t, db, "a", "one", "two", "three", "four", "five", "six", "seven")
	ensure(t, db, "m", 2)
	put(t, db, "m", map[int64][]float32{ids[0]: unitVec(1, 0), ids[1]: unitVec(0, 1), ids[4]: nil, ids[5]: unitVec(1, 3), ids[6]: unitVec(-2, 1)})
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", unitVec(1, 0)) })
	inTx(t, db, func(tx *sql.Tx) error {
		return PutRaw(ctx, tx, "m", []Entry{{SectionID: ids[2], Vector: unitVec(1, 1)}, {SectionID: ids[3], Vector: unitVec(1, 0)}})
	})
	st, ok, err := ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("ReadState: %v, %v", ok, err)
	}
	want := map[int64][]float32{}
	err = SectionVectorPages(ctx, db, st, 10, func(p []SectionVector) error {
		for _, sv := range p {
			want[sv.SectionID] = sv.Vector
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) != 4 {
		t.Fatalf("SectionVectorPages passes on %d vectors, want 4 (3 indexed, 1 staged): the fixture changed?", len(want))
	}
	got := map[int64][]float32{}
	err = ScanSectionVectors(ctx, db, st, func(id int64, v []float32) error {
		if _, twice := got[id]; twice {
			t.Errorf("section %d passed on twice", id)
		}
		got[id] = slices.Clone(v) // v is reused
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("ScanSectionVectors passes on %v, want %v", got, want)
	}
	for id, v := range want {
		if !slices.Equal(got[id], v) {
			t.Errorf("section %d: vector %v, want %v", id, got[id], v)
		}
	}
}
