package vecstore

import (
	"context"
	"database/sql"
	"math"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
)

// TestVectorsStoredOnce: a vector the index searches is stored once, in
// the vec0 table; section_embeddings keeps only the two numbers that give
// the raw vector back from it (its part along the common component and
// the length of the rest), never the raw vector as well. Before, every
// vector was stored twice: raw in section_embeddings and projected in vec0
// (34 and 37 MB at 10,000 documents). Raw vectors staged by PutRaw are
// the exception until Reproject indexes them. The raw vectors read back
// are the ones stored, to float32 precision, with and without a component.
func TestVectorsStoredOnce(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	vec := func(i int) []float32 {
		return unitVec(float32(i%7)-3, float32(i%5)+0.5, 4+float32(i%3))
	}
	ids, raw := putMany(t, db, 40, vec)
	stored := func(when string) {
		t.Helper()
		if n := count(t, db, `SELECT count(*) FROM section_embeddings WHERE length(vector) > 0`); n != 0 {
			t.Errorf("%s: %d raw vectors in section_embeddings besides the vec0 table", when, n)
		}
		if n := count(t, db, `SELECT count(*) FROM `+vecTable); n != len(ids) {
			t.Errorf("%s: vec0 holds %d vectors, want %d", when, n, len(ids))
		}
		got, err := RawVectors(ctx, db, "m")
		if err != nil || len(got) != len(ids) {
			t.Fatalf("%s: RawVectors: %d vectors, %v", when, len(got), err)
		}
		for i, id := range ids {
			for d := range got[i] {
				if math.Abs(float64(got[i][d]-raw[id][d])) > 1e-6 {
					t.Fatalf("%s: section %d raw vector read back as %v, stored %v", when, id, got[i], raw[id])
				}
			}
		}
	}
	stored("after Put")
	vecs, err := RawVectors(ctx, db, "m")
	if err != nil {
		t.Fatal(err)
	}
	pc := embed.CommonComponent(vecs)
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", pc) })
	stored("after SetComponent")
	more := addDoc(t, db, "e", "late")
	raw[more[0]] = unitVec(2, -1, 5)
	ids = append(ids, more[0])
	put(t, db, "m", map[int64][]float32{more[0]: raw[more[0]]})
	stored("after a Put projected with the component")
	inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", nil) })
	stored("after removing the component")
}
