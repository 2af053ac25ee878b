package vecstore

import (
	"context"
	"database/sql"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// TestCommonComponentHoldsNoVectors: computing the common component reads
// the raw vectors a page at a time and keeps none of them, so the live
// heap it adds does not grow with the corpus: it held every raw vector
// (about 34 MB at 10,000 documents). The component is still the one of
// those vectors (embed.CommonComponent), and n their number.
func TestCommonComponentHoldsNoVectors(t *testing.T) {
	ctx := context.Background()
	const n, dims, page = 12000, 100, 500
	cases := []struct {
		name string
		put  func(ctx context.Context, x Execer, model string, e []Entry) error
	}{
		{"indexed", Put},
		{"staged", PutRaw},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := reprojectPage
			reprojectPage = page
			t.Cleanup(func() { reprojectPage = old })
			db, _ := openDB(t)
			_, entries := clusteredEntries(t, db, n, dims, 12, 0.4, rand.New(rand.NewPCG(5, 7)))
			inTx(t, db, func(tx *sql.Tx) error { return tc.put(ctx, tx, "m", entries) })
			raw, err := RawVectors(ctx, db, "m")
			if err != nil || len(raw) != n {
				t.Fatalf("RawVectors: %d vectors, %v", len(raw), err)
			}
			want := embed.CommonComponent(raw)

			probe := storetest.NewHeapProbe()
			pc, got, err := CommonComponent(ctx, probe.Querier(db), "m")
			if err != nil {
				t.Fatal(err)
			}
			// Two pages of raw vectors, and room for the sums.
			bound := uint64(2*page*dims*4 + 4*dims*dims*8)
			t.Logf("live heap grew by %d KB over %d samples (bound %d KB)", probe.Growth()>>10, probe.Samples(), bound>>10)
			if probe.Growth() > bound {
				t.Errorf("computing the component held %d KB at once, want at most %d KB (one page of vectors is %d KB)",
					probe.Growth()>>10, bound>>10, page*dims*4>>10)
			}
			if got != n {
				t.Errorf("n = %d, want %d", got, n)
			}
			if cos := cosine64(pc, want); cos < 1-1e-9 {
				t.Errorf("component %v, want %v (cos %.12f)", pc[:4], want[:4], cos)
			}
		})
	}
}

// cosine64 is the cosine of a and b (0 when either is nil).
func cosine64(a, b []float32) float64 {
	if len(a) != len(b) || a == nil {
		return 0
	}
	var ab, aa, bb float64
	for i := range a {
		ab += float64(a[i]) * float64(b[i])
		aa += float64(a[i]) * float64(a[i])
		bb += float64(b[i]) * float64(b[i])
	}
	return ab / math.Sqrt(aa*bb)
}
