package vecstore

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
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

// TestKNNCellsAsPartitionIn: knn asks the probed cells as the rows of a
// VALUES list joined to the vec0 table; it returns the same matches, with
// the same distances to the bit and the same cells, as the plain query
// with `cell IN (...)` that reads each match's cell back from the table.
// Some vectors are stored twice (equal distances, so a cell's k-th match
// is chosen among ties), and the probed cells are the nearest to the
// query, a few far ones, or one.
func TestKNNCellsAsPartitionIn(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	const dims = 16
	n := CellThreshold + 500
	_, entries := clusteredEntries(t, db, n, dims, 40, 0.2, rand.New(rand.NewPCG(7, 7)))
	for i := 0; i+1 < n; i += 50 {
		entries[i+1].Vector = slices.Clone(entries[i].Vector)
	}
	vecs := vectorsOf(entries)
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", entries) })
	inTx(t, db, func(tx *sql.Tx) error { return Reproject(ctx, tx) })
	cs, err := readCells(ctx, db, dims)
	if err != nil || len(cs) < 2 {
		t.Fatalf("cells: %d, %v", len(cs), err)
	}
	type match struct {
		id   int64
		dist float64
		cell int64
	}
	sorted := func(ms []Match, cellOf []int64) []match {
		out := make([]match, len(ms))
		for i, m := range ms {
			out[i] = match{m.SectionID, 1 - m.Similarity, cellOf[i]}
		}
		slices.SortFunc(out, func(a, b match) int {
			if a.cell != b.cell {
				return int(a.cell - b.cell)
			}
			return int(a.id - b.id)
		})
		return out
	}
	partitionIn := func(q []float32, k int, cells []int64) []match {
		args := []any{encodeVector(q), k}
		marks := make([]string, len(cells))
		for i, c := range cells {
			args = append(args, c)
			marks[i] = "?"
		}
		rows, err := db.QueryContext(ctx, `SELECT rowid, distance, cell FROM `+vecTable+
			` WHERE embedding MATCH ? AND k = ? AND cell IN (`+strings.Join(marks, ", ")+`)`, args...)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var (
			ms     []Match
			cellOf []int64
		)
		for rows.Next() {
			var (
				m    Match
				dist float64
				cell int64
			)
			if err := rows.Scan(&m.SectionID, &dist, &cell); err != nil {
				t.Fatal(err)
			}
			m.Similarity = 1 - dist
			ms = append(ms, m)
			cellOf = append(cellOf, cell)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return sorted(ms, cellOf)
	}
	r := rand.New(rand.NewPCG(13, 13))
	for _, k := range []int{1, firstPassShare, 20, 100} {
		for i := range 12 {
			q := slices.Clone(vecs[r.IntN(n)])
			for d := range q {
				q[d] += 0.1 * float32(r.NormFloat64())
			}
			all := cs.probe(q, len(cs))
			probed := all[:min(ProbeCells, len(all)-1)]
			switch i % 3 {
			case 1:
				probed = all[len(all)-3:]
			case 2:
				probed = all[1:2]
			}
			got, cellOf, err := knn(ctx, db, q, k, probed)
			if err != nil {
				t.Fatal(err)
			}
			want := partitionIn(q, k, probed)
			if len(want) == 0 {
				t.Fatalf("k %d: the plain query found nothing", k)
			}
			if g := sorted(got, cellOf); !slices.Equal(g, want) {
				t.Fatalf("k %d, cells %v: knn found %d matches, the plain query %d; first differing: %v",
					k, probed, len(g), len(want), firstDiff(g, want))
			}
		}
	}
}

// firstDiff is the first index at which a and b differ, with their
// elements there, for a failure message.
func firstDiff[T comparable](a, b []T) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("at %d: %v, want %v", i, a[i], b[i])
		}
	}
	return fmt.Sprintf("lengths %d and %d", len(a), len(b))
}
