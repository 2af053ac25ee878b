package vecstore

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// TestNearestInCellsIsExact: the two passes of nearestInCells give the k
// nearest vectors of the probed cells, as asking every probed cell for k
// would. The vectors are clustered, so the nearest cell holds far more
// than its first share of the k nearest and must be asked again.
func TestNearestInCellsIsExact(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	const dims = 16
	n := CellThreshold + 500
	ids, entries := clusteredEntries(t, db, n, dims, 40, 0.2, rand.New(rand.NewPCG(5, 5)))
	vecs := vectorsOf(entries)
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", entries) })
	inTx(t, db, func(tx *sql.Tx) error { return Reproject(ctx, tx) })
	cellOf := map[int64]int64{}
	rows, err := db.Query(`SELECT rowid, cell FROM ` + vecTable)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id, c int64
		if err := rows.Scan(&id, &c); err != nil {
			t.Fatal(err)
		}
		cellOf[id] = c
	}
	rows.Close()
	cs, err := readCells(ctx, db, dims)
	if err != nil || len(cs) == 0 {
		t.Fatalf("cells: %d, %v", len(cs), err)
	}
	r := rand.New(rand.NewPCG(11, 11))
	for _, k := range []int{1, firstPassShare, firstPassShare + 1, 100, 400} {
		for range 20 {
			q := slices.Clone(vecs[r.IntN(n)])
			for d := range q {
				q[d] += 0.1 * float32(r.NormFloat64())
			}
			got, err := Nearest(ctx, db, "m", q, k)
			if err != nil {
				t.Fatal(err)
			}
			// The exact answer over the probed cells.
			probed := cs.probe(q, ProbeCells)
			qu := unit(q)
			var sims []float64
			simOf := map[int64]float64{}
			for i, v := range vecs {
				if slices.Contains(probed, cellOf[ids[i]]) {
					s := float64(dot(v, qu))
					sims = append(sims, s)
					simOf[ids[i]] = s
				}
			}
			sort.Sort(sort.Reverse(sort.Float64Slice(sims)))
			want := min(k, len(sims))
			if len(got) != want {
				t.Fatalf("k %d: %d matches, want %d", k, len(got), want)
			}
			for i, m := range got {
				s, ok := simOf[m.SectionID]
				if !ok {
					t.Fatalf("k %d: section %d is not in a probed cell", k, m.SectionID)
				}
				// float32 in Go and in sqlite-vec round differently.
				if d := m.Similarity - sims[i]; d > 1e-5 || d < -1e-5 || s-m.Similarity > 1e-5 || m.Similarity-s > 1e-5 {
					t.Fatalf("k %d: match %d has similarity %.6f (its own %.6f), the exact %d-th is %.6f", k, i, m.Similarity, s, i+1, sims[i])
				}
			}
		}
	}
}
