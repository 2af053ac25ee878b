package vecstore

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed"
)

// TestRewriteHoldsOnePage: rewriting the vector index (Reproject,
// SetComponent) holds at most one page of vectors (reprojectPage) at a
// time, whatever the corpus: in a first build it reads the raw vectors
// staged by PutRaw page by page, and for a new common component or new
// cells it stages the indexed ones page by page first. It held every
// projected vector until the old table was dropped (26 MB at 10,000
// documents). The vectors it writes are still each raw vector minus the
// component, bit for bit, and nothing stays staged.
func TestRewriteHoldsOnePage(t *testing.T) {
	ctx := context.Background()
	build := func(t *testing.T, db *sql.DB, e []Entry) {
		inTx(t, db, func(tx *sql.Tx) error { return PutRaw(ctx, tx, "m", e) })
	}
	indexed := func(t *testing.T, db *sql.DB, e []Entry) {
		inTx(t, db, func(tx *sql.Tx) error { return Put(ctx, tx, "m", e) })
	}
	setComponent := func(t *testing.T, db *sql.DB, raw [][]float32) []float32 {
		pc := embed.CommonComponent(raw)
		inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", pc) })
		return pc
	}
	reprojectNow := func(t *testing.T, db *sql.DB, _ [][]float32) []float32 {
		inTx(t, db, func(tx *sql.Tx) error { return Reproject(ctx, tx) })
		c, err := Component(ctx, db, "m")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	cases := []struct {
		name    string
		n, page int
		setup   func(t *testing.T, db *sql.DB, e []Entry)
		// rewrite rewrites the index whose raw vectors are raw and
		// returns the common component it then has.
		rewrite func(t *testing.T, db *sql.DB, raw [][]float32) []float32
	}{
		{"first build without a component", 40, 7, build, reprojectNow},
		{"first build with a component", 40, 7, build, setComponent},
		{"new component of an index", 40, 7, indexed, setComponent},
		{"component removed", 40, 7, func(t *testing.T, db *sql.DB, e []Entry) {
			indexed(t, db, e)
			setComponent(t, db, vectorsOf(e))
		}, func(t *testing.T, db *sql.DB, _ [][]float32) []float32 {
			inTx(t, db, func(tx *sql.Tx) error { return SetComponent(ctx, tx, "m", nil) })
			return nil
		}},
		{"cells trained in a first build", CellThreshold + 300, 1000, build, setComponent},
		{"cells trained for an index", CellThreshold + 300, 1000, indexed, reprojectNow},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := reprojectPage
			reprojectPage = tc.page
			t.Cleanup(func() { reprojectPage = old })
			db, _ := openDB(t)
			ids, entries := clusteredEntries(t, db, tc.n, 8, 16, 0.3, rand.New(rand.NewPCG(3, 5)))
			tc.setup(t, db, entries)
			raw, err := RawVectors(ctx, db, "m")
			if err != nil || len(raw) != len(ids) {
				t.Fatalf("RawVectors: %d vectors, %v", len(raw), err)
			}
			held.reset()
			pc := tc.rewrite(t, db, raw)
			if peak := held.peak.Load(); peak > int64(tc.page) {
				t.Errorf("the rewrite held %d vectors at once, want at most a page of %d", peak, tc.page)
			}
			if n := count(t, db, `SELECT count(*) FROM staged_vectors`); n != 0 {
				t.Errorf("%d vectors still staged", n)
			}
			got := map[int64][]float32{}
			rows, err := db.Query(`SELECT rowid, embedding FROM ` + vecTable)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			for rows.Next() {
				var (
					id   int64
					blob []byte
				)
				if err := rows.Scan(&id, &blob); err != nil {
					t.Fatal(err)
				}
				if got[id], err = decodeVector(blob, 8); err != nil {
					t.Fatal(err)
				}
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(entries) {
				t.Fatalf("%d vectors indexed, want %d", len(got), len(entries))
			}
			for i, id := range ids {
				if want := embed.RemoveComponent(raw[i], pc); !slices.Equal(got[id], want) {
					t.Fatalf("section %d indexed as %v, want %v", id, got[id], want)
				}
			}
			if strings.Contains(tc.name, "cells") {
				if c := count(t, db, `SELECT count(DISTINCT cell) FROM `+vecTable); c < 2 {
					t.Errorf("vectors in %d cells past the threshold", c)
				}
			}
		})
	}
}
