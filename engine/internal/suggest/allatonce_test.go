package suggest

import (
	"cmp"
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// TestVectorPairsAsAllAtOnce: VectorPairs, reading the vectors a page at a
// time, finds the same pairs, in the same order and with the same scores,
// as the code that held every vector (vectorPairsAllAtOnce): below
// maxAllPairs sections (every pair, over blocks of a page) and past it
// (the groups of bucketsOf), with pages smaller than a group, sections
// without a vector and sections not asked about.
func TestVectorPairsAsAllAtOnce(t *testing.T) {
	cases := []struct {
		name               string
		docs, perDoc, page int
		vec                func(i int) []float32
		drop               func(i int) bool // sections left out of secs
	}{
		{"every pair, blocks of 32", 60, 5, 64, twinVectors(16, 1), nil},
		{"every pair, one page", 60, 5, 4096, twinVectors(16, 1), nil},
		{"every pair, some without vectors", 80, 4, 50, func() func(int) []float32 {
			v := twinVectors(16, 2)
			return func(i int) []float32 {
				if x := v(i); i%7 != 3 {
					return x
				}
				return nil
			}
		}(), func(i int) bool { return i%11 == 5 }},
		{"groups, blocks of 200", 1100, 5, 400, twinVectors(24, 4), nil},
		{"groups, blocks of 1000", 1100, 5, 2000, twinVectors(24, 4), func(i int) bool { return i%13 == 0 }},
	}
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := vectorPage
			vectorPage = tc.page
			t.Cleanup(func() { vectorPage = old })
			db, docs := vectorIndex(t, tc.docs, tc.perDoc, len(tc.vec(0)), tc.vec)
			if tc.drop != nil {
				ids := slices.Sorted(maps.Keys(docs))
				for i, id := range ids {
					if tc.drop(i) {
						delete(docs, id)
					}
				}
			}
			for _, minScore := range []float64{0.75, 0.3} {
				want, wantOK, err := vectorPairsAllAtOnce(ctx, db, docs, minScore)
				if err != nil {
					t.Fatal(err)
				}
				got, ok, err := VectorPairs(ctx, db, docs, minScore)
				if err != nil {
					t.Fatal(err)
				}
				if ok != wantOK || !slices.Equal(got, want) {
					t.Fatalf("min score %.2f: %d pairs (%v), want %d (%v)", minScore, len(got), ok, len(want), wantOK)
				}
				if len(want) == 0 {
					t.Fatalf("min score %.2f: no pairs to compare", minScore)
				}
			}
		})
	}
}

// vectorPairsAllAtOnce is VectorPairs as it was before it read the
// vectors a page at a time: every vector held at once.
func vectorPairsAllAtOnce(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64) (pairs []Pair, ok bool, err error) {
	st, exists, err := vecstore.ReadState(ctx, q)
	if err != nil || !exists {
		return nil, false, err
	}
	var stored []vecstore.SectionVector
	err = vecstore.SectionVectorPages(ctx, q, st, 4096, func(page []vecstore.SectionVector) error {
		stored = append(stored, page...)
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	type vec struct {
		id  int64
		doc int64
		v   []float32
	}
	var vs []vec
	for _, sv := range stored {
		doc, ok := docs[sv.SectionID]
		if !ok {
			continue
		}
		vs = append(vs, vec{sv.SectionID, doc, sv.Vector}) // component removed

	}
	if len(vs) < 2 {
		return nil, false, nil
	}
	slices.SortFunc(vs, func(a, b vec) int { return cmp.Compare(a.id, b.id) })
	cosine := func(a, b []float32) float64 {
		var dot float64
		for k, x := range a {
			dot += float64(x) * float64(b[k])
		}
		return dot
	}
	// Sections compared with each other: all of them together, or past
	// maxAllPairs, the groups of the nearest centres (bucketsOf).
	groups := [][]int{nil}
	if len(vs) > maxAllPairs {
		vecs := make([][]float32, len(vs))
		for i := range vs {
			vecs[i] = vs[i].v
		}
		groups = bucketsOfAllAtOnce(vecs, cosine)
	} else {
		for i := range vs {
			groups[0] = append(groups[0], i)
		}
	}
	// Past maxAllPairs, each section keeps its best partners only: in a
	// corpus of pages alike, most pairs pass minScore, and keeping them all
	// took gigabytes; the suggestions are the best pairs.
	best := make([][]partner, len(vs))
	limit := len(vs) // every partner, up to maxAllPairs sections
	if len(groups) > 1 {
		limit = maxPartners
	}
	keep := func(i, j int, score float64) {
		l := best[i]
		for _, p := range l {
			if p.j == j {
				return // met in two groups
			}
		}
		if len(l) < limit {
			best[i] = append(l, partner{j, score})
			return
		}
		w := 0
		for k := range l {
			if l[k].score < l[w].score {
				w = k
			}
		}
		if score > l[w].score {
			l[w] = partner{j, score}
		}
	}
	for n, g := range groups {
		for gi, i := range g {
			if (n+gi)%256 == 0 && ctx.Err() != nil {
				return nil, false, ctx.Err()
			}
			for _, j := range g[gi+1:] {
				if vs[i].doc == vs[j].doc {
					continue
				}
				if dot := cosine(vs[i].v, vs[j].v); dot >= minScore {
					keep(i, j, dot)
					keep(j, i, dot)
				}
			}
		}
	}
	seen := map[[2]int64]bool{}
	for i, l := range best {
		for _, p := range l {
			a, b := vs[i].id, vs[p.j].id
			if a > b {
				a, b = b, a
			}
			if !seen[[2]int64{a, b}] {
				seen[[2]int64{a, b}] = true
				pairs = append(pairs, Pair{A: a, B: b, Score: min(p.score, 1)})
			}
		}
	}
	return pairs, true, nil
}

// bucketsOfAllAtOnce is bucketsOf as it was, for vectorPairsAllAtOnce.
func bucketsOfAllAtOnce(vecs [][]float32, cosine func(a, b []float32) float64) [][]int {
	k := max(2, len(vecs)/bucketSize)
	centres := make([][]float32, k)
	for c := range centres {
		centres[c] = vecs[c*len(vecs)/k]
	}
	groups := make([][]int, k)
	for i, v := range vecs {
		best, second := -1, -1
		var bestS, secondS float64
		for c, ctr := range centres {
			sc := cosine(v, ctr)
			switch {
			case best < 0 || sc > bestS:
				second, secondS = best, bestS
				best, bestS = c, sc
			case second < 0 || sc > secondS:
				second, secondS = c, sc
			}
		}
		groups[best] = append(groups[best], i)
		if second >= 0 {
			groups[second] = append(groups[second], i)
		}
	}
	return groups
}
