package vecstore

import (
	"context"
	"slices"
	"testing"
)

// SectionVectors reads the raw vectors of the state's model, one per
// section that has one.
func TestSectionVectors(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	ids := addDoc(t, db, "a", "one", "two", "three")
	ensure(t, db, "m", 2)
	put(t, db, "m", map[int64][]float32{ids[0]: unitVec(1, 0), ids[1]: unitVec(0, 1)})
	st, ok, err := ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("ReadState: %v, %v", ok, err)
	}
	got, err := SectionVectors(ctx, db, st)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(a, b SectionVector) int { return int(a.SectionID - b.SectionID) })
	if len(got) != 2 || got[0].SectionID != ids[0] || got[1].SectionID != ids[1] {
		t.Fatalf("SectionVectors = %+v, want the vectors of the first two sections", got)
	}
	if !slices.Equal(got[0].Vector, unitVec(1, 0)) || !slices.Equal(got[1].Vector, unitVec(0, 1)) {
		t.Errorf("vectors %v and %v, want the raw vectors stored", got[0].Vector, got[1].Vector)
	}
}
