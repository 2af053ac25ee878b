package vecstore

import (
	"context"
	"database/sql"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// clustered returns n unit vectors of dims dimensions around k random
// centres (noise per dimension), and the centre of each.
func clustered(r *rand.Rand, n, k, dims int, noise float32) (vecs [][]float32, centre []int) {
	centres := make([][]float32, k)
	for i := range centres {
		c := make([]float32, dims)
		for d := range c {
			c[d] = float32(r.NormFloat64())
		}
		centres[i] = unit(c)
	}
	for i := range n {
		c := i % k
		v := make([]float32, dims)
		for d := range v {
			v[d] = centres[c][d] + noise*float32(r.NormFloat64())
		}
		vecs = append(vecs, unit(v))
		centre = append(centre, c)
	}
	return vecs, centre
}

func TestTrainCellsFindsClusters(t *testing.T) {
	cases := []struct {
		name       string
		n, k, dims int
	}{
		{"8 clusters in 16 dims", 4000, 8, 16},
		{"32 clusters in 32 dims", 8000, 32, 32},
		{"4 clusters in 100 dims", 2000, 4, 100},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			vecs, centre := clustered(rand.New(rand.NewPCG(1, uint64(tc.k))), tc.n, tc.k, tc.dims, 0.05)
			cs := trainCells(vecs, tc.k)
			if len(cs) != tc.k {
				t.Fatalf("%d cells, want %d", len(cs), tc.k)
			}
			// Each cluster should land (almost) whole in one cell.
			votes := make([]map[int64]int, tc.k)
			for i := range votes {
				votes[i] = map[int64]int{}
			}
			for i, v := range vecs {
				votes[centre[i]][cs.nearest(v)]++
			}
			used := map[int64]bool{}
			pure := 0
			for _, vs := range votes {
				best, bestN := int64(-1), 0
				for cell, n := range vs {
					if n > bestN {
						best, bestN = cell, n
					}
				}
				used[best] = true
				pure += bestN
			}
			// k-means++ may seed two centroids in one cluster now and
			// then; most clusters must still get a cell of their own.
			if share := float64(pure) / float64(tc.n); share < 0.9 {
				t.Errorf("%.3f of the vectors share a cell with their cluster, want ≥ 0.9", share)
			}
			if len(used) < tc.k*9/10 {
				t.Errorf("clusters fill %d distinct cells, want at least %d of %d", len(used), tc.k*9/10, tc.k)
			}
			for i, c := range cs {
				if n := math.Sqrt(float64(dot(c, c))); math.Abs(n-1) > 1e-4 {
					t.Errorf("centroid %d has length %v, want 1", i, n)
				}
			}
			// Deterministic: the same sample trains the same cells.
			again := trainCells(vecs, tc.k)
			for i := range cs {
				if !slices.Equal(cs[i], again[i]) {
					t.Fatalf("centroid %d differs between two trainings", i)
				}
			}
		})
	}
	if cs := trainCells([][]float32{{1, 0}}, 4); cs != nil {
		t.Errorf("one vector: %d cells, want none", len(cs))
	}
}

// addSections inserts a document with n sections in one transaction and
// returns their ids.
func addSections(t testing.TB, db *sql.DB, name string, n int) []int64 {
	t.Helper()
	ids := addDoc(t, db, name, "s0")
	inTx(t, db, func(tx *sql.Tx) error {
		var docID int64
		if err := tx.QueryRow(`SELECT document_id FROM sections WHERE id = ?`, ids[0]).Scan(&docID); err != nil {
			return err
		}
		st, err := tx.Prepare(`INSERT INTO sections(document_id, ord, heading, heading_path, anchor, level, content, start_line, end_line, tokens, content_hash)
			VALUES (?, ?, 'h', 'h', ?, 2, 'c', 1, 2, 1, ?)`)
		if err != nil {
			return err
		}
		defer st.Close()
		for i := 1; i < n; i++ {
			res, err := st.Exec(docID, i, i, i)
			if err != nil {
				return err
			}
			id, _ := res.LastInsertId()
			ids = append(ids, id)
		}
		return nil
	})
	return ids
}

// clusteredEntries adds a document of n sections to db, ensures model "m"
// with dims dimensions, and returns the sections' ids and their entries
// (not yet put): unit vectors around clusters centres (see clustered).
func clusteredEntries(t testing.TB, db *sql.DB, n, dims, clusters int, noise float32, r *rand.Rand) ([]int64, []Entry) {
	t.Helper()
	ids := addSections(t, db, "big", n)
	vecs, _ := clustered(r, n, clusters, dims, noise)
	ensure(t, db, "m", dims)
	entries := make([]Entry, n)
	for i := range entries {
		entries[i] = Entry{SectionID: ids[i], TextHash: "t", Vector: vecs[i]}
	}
	return ids, entries
}

// vectorsOf is the vectors of entries.
func vectorsOf(entries []Entry) [][]float32 {
	out := make([][]float32, len(entries))
	for i, e := range entries {
		out[i] = e.Vector
	}
	return out
}

// bruteForce is the exact top k of vecs by cosine to q.
func bruteForce(ids []int64, vecs [][]float32, q []float32, k int) []int64 {
	order := make([]int, len(vecs))
	sim := make([]float32, len(vecs))
	qu := unit(q)
	for i, v := range vecs {
		order[i], sim[i] = i, dot(v, qu)
	}
	sort.SliceStable(order, func(a, b int) bool { return sim[order[a]] > sim[order[b]] })
	out := make([]int64, 0, k)
	for _, i := range order[:k] {
		out = append(out, ids[i])
	}
	return out
}

func TestNearestReadsCellsAboveThreshold(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	const dims = 16
	n := CellThreshold + 500
	ids, entries := clusteredEntries(t, db, n, dims, 64, 0.15, rand.New(rand.NewPCG(7, 7)))
	vecs := vectorsOf(entries)
	// Below the threshold an index has one cell and nothing is due.
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", entries[:CellThreshold-1]) })
	if due, err := CellsDue(ctx, db); err != nil || due {
		t.Fatalf("CellsDue below the threshold: %v, %v; want false", due, err)
	}
	if c := count(t, db, `SELECT count(DISTINCT cell) FROM `+vecTable); c != 1 {
		t.Fatalf("%d cells below the threshold, want 1", c)
	}
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", entries[CellThreshold-1:]) })
	due, err := CellsDue(ctx, db)
	if err != nil || !due {
		t.Fatalf("CellsDue past the threshold: %v, %v; want true", due, err)
	}
	inTx(t, db, func(tx *sql.Tx) error { return Reproject(ctx, tx) })
	if due, err := CellsDue(ctx, db); err != nil || due {
		t.Fatalf("CellsDue after training: %v, %v; want false", due, err)
	}
	want := cellCount(n)
	if c := count(t, db, `SELECT count(*) FROM vector_cells`); c != want {
		t.Fatalf("%d centroids, want %d", c, want)
	}
	if c := count(t, db, `SELECT count(DISTINCT cell) FROM `+vecTable); c < want/2 {
		t.Fatalf("vectors in %d cells, want most of %d", c, want)
	}
	if c := count(t, db, `SELECT count(*) FROM `+vecTable); c != n {
		t.Fatalf("%d vectors indexed, want %d", c, n)
	}
	// Approximate, but close: recall@10 against brute force, and a stored
	// vector always finds itself first.
	r := rand.New(rand.NewPCG(3, 3))
	var hits, total int
	for range 50 {
		i := r.IntN(n)
		q := slices.Clone(vecs[i])
		for d := range q {
			q[d] += 0.2 * float32(r.NormFloat64())
		}
		got, err := Nearest(ctx, db, "m", q, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 10 {
			t.Fatalf("%d results, want 10", len(got))
		}
		exact := bruteForce(ids, vecs, q, 10)
		for _, m := range got {
			if slices.Contains(exact, m.SectionID) {
				hits++
			}
		}
		total += 10
		self, err := Nearest(ctx, db, "m", vecs[i], 1)
		if err != nil || len(self) != 1 || self[0].SectionID != ids[i] {
			t.Fatalf("stored vector %d: nearest %v, %v", ids[i], self, err)
		}
	}
	if recall := float64(hits) / float64(total); recall < 0.9 {
		t.Errorf("recall@10 %.3f against brute force, want ≥ 0.9", recall)
	}
	// New vectors go to their nearest cell and count towards retraining.
	extra := addSections(t, db, "extra", 3)
	more, _ := clustered(rand.New(rand.NewPCG(9, 9)), 3, 3, dims, 0.15)
	var es []Entry
	for i, id := range extra {
		es = append(es, Entry{SectionID: id, TextHash: "t", Vector: more[i]})
	}
	inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", es) })
	cs, err := readCells(ctx, db, dims)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range extra {
		var cell int64
		if err := db.QueryRow(`SELECT cell FROM `+vecTable+` WHERE rowid = ?`, id).Scan(&cell); err != nil {
			t.Fatal(err)
		}
		if want := cs.nearest(more[i]); cell != want {
			t.Errorf("section %d filed under cell %d, want its nearest %d", id, cell, want)
		}
	}
	if c := count(t, db, `SELECT cell_pending FROM vector_index`); c != 3 {
		t.Errorf("cell_pending %d after 3 new vectors, want 3", c)
	}
}

func TestCellsDue(t *testing.T) {
	cases := []struct {
		name           string
		basis, pending int
		cells          int
		want           bool
	}{
		{"small, no cells", 100, 50, 0, false},
		{"passes the threshold", CellThreshold - 10, 10, 0, true},
		{"cells, few new", 40000, 100, 40, false},
		{"cells, doubled", 40000, 40000, 40, true},
		{"cells, below the threshold still waits for it", 1000, 1500, 2, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			db, _ := openDB(t)
			ensure(t, db, "m", 2)
			if _, err := db.Exec(`UPDATE vector_index SET cell_basis = ?, cell_pending = ?`, tc.basis, tc.pending); err != nil {
				t.Fatal(err)
			}
			for i := range tc.cells {
				if _, err := db.Exec(`INSERT INTO vector_cells(cell, centroid) VALUES (?, ?)`, i, encodeVector([]float32{1, 0})); err != nil {
					t.Fatal(err)
				}
			}
			if got, err := CellsDue(context.Background(), db); err != nil || got != tc.want {
				t.Errorf("CellsDue %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}

// An index written before cells (a vec0 table without the cell column)
// is rewritten with cells by its next Put, and searched meanwhile.
func TestTableBeforeCellsIsUpgraded(t *testing.T) {
	db, _ := openDB(t)
	ctx := context.Background()
	s := addDoc(t, db, "d", "x", "y", "z")
	ensure(t, db, "m", 3)
	put(t, db, "m", map[int64][]float32{s[0]: unitVec(1, 0, 0), s[1]: unitVec(0, 1, 0)})
	// Such an index also predates migration 0027: its raw vectors are in
	// section_embeddings (no common component here, so they are the
	// indexed ones).
	for _, stmt := range []string{
		`CREATE TEMP TABLE indexed AS SELECT rowid AS id, embedding FROM ` + vecTable,
		`UPDATE section_embeddings SET vector = (SELECT embedding FROM indexed WHERE id = section_id), along = NULL, scale = NULL`,
		`DROP TABLE ` + vecTable,
		`CREATE VIRTUAL TABLE ` + vecTable + ` USING vec0(embedding float[3] distance_metric=cosine)`,
		`INSERT INTO ` + vecTable + `(rowid, embedding) SELECT section_id, vector FROM section_embeddings`,
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	st, ok, err := ReadState(ctx, db)
	if err != nil || !ok || st.Cells {
		t.Fatalf("state of an old table: %+v %v %v; want ok without cells", st, ok, err)
	}
	if due, err := CellsDue(ctx, db); err != nil || !due {
		t.Fatalf("CellsDue on an old table: %v, %v; want true", due, err)
	}
	if got, err := Nearest(ctx, db, "m", unitVec(1, 0.1, 0), 1); err != nil || len(got) != 1 || got[0].SectionID != s[0] {
		t.Fatalf("Nearest on an old table: %v, %v", got, err)
	}
	put(t, db, "m", map[int64][]float32{s[2]: unitVec(0, 0, 1)})
	if st, _, _ := ReadState(ctx, db); !st.Cells {
		t.Fatal("Put left the old table in place")
	}
	if c := count(t, db, `SELECT count(*) FROM `+vecTable); c != 3 {
		t.Fatalf("%d vectors after the upgrade, want 3", c)
	}
	if got, err := Nearest(ctx, db, "m", unitVec(0, 0.1, 1), 1); err != nil || len(got) != 1 || got[0].SectionID != s[2] {
		t.Fatalf("Nearest after the upgrade: %v, %v", got, err)
	}
}
