package vecstore

import (
	"context"
	"slices"
	"testing"
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
