package suggest

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// coarseVectors are unit vectors drawn from a few directions with little
// noise, rounded so that many pairs tie exactly and many more tie at the
// shown (rounded) score: the ties Pick orders by paths.
func coarseVectors(dims, directions int, seed uint64) func(i int) []float32 {
	r := rand.New(rand.NewPCG(seed, 7))
	base := make([][]float64, directions)
	for k := range base {
		base[k] = make([]float64, dims)
		for d := range base[k] {
			base[k][d] = r.NormFloat64()
		}
	}
	return func(i int) []float32 {
		b := base[r.IntN(directions)]
		v := make([]float32, dims)
		var n float64
		for d := range v {
			x := b[d]
			if r.IntN(3) == 0 {
				x += math.Round(r.NormFloat64()) * 0.5
			}
			v[d] = float32(x)
			n += x * x
		}
		for d := range v {
			v[d] = float32(float64(v[d]) / math.Sqrt(n))
		}
		return v
	}
}

// TestVectorPairsForAnswersAsEveryPair: the pairs VectorPairsFor keeps
// (those that can be among the limit best unlinked document pairs) give
// Pick the same suggestions as every pair VectorPairs finds, in the same
// order, with ties of score and of shown score cut at the limit, linked
// documents left out, and documents of several sections.
func TestVectorPairsForAnswersAsEveryPair(t *testing.T) {
	ctx := context.Background()
	tiedAtCut := 0
	for _, tc := range []struct {
		docs, perDoc, directions int
		seed                     uint64
	}{{60, 1, 3, 1}, {40, 3, 4, 2}, {120, 2, 2, 3}, {30, 1, 1, 4}} {
		db, docOf := vectorIndex(t, tc.docs, tc.perDoc, 16, coarseVectors(16, tc.directions, tc.seed))
		g := graph.New()
		r := rand.New(rand.NewPCG(tc.seed, 9))
		var ids []int64
		for _, d := range docOf {
			if !slices.Contains(ids, d) {
				ids = append(ids, d)
			}
		}
		slices.Sort(ids)
		for range len(ids) {
			g.AddEdge(ids[r.IntN(len(ids))], ids[r.IntN(len(ids))], index.LinkReferences)
		}
		for _, minScore := range []float64{0, 0.5, 0.9} {
			all, ok, err := VectorPairs(ctx, db, docOf, minScore)
			if err != nil || !ok {
				t.Fatalf("VectorPairs: %v %v", ok, err)
			}
			for _, limit := range []int{1, 2, 5, 20, 200} {
				name := fmt.Sprintf("%d docs of %d, %d directions, min %.1f, limit %d", tc.docs, tc.perDoc, tc.directions, minScore, limit)
				kept, ok, err := VectorPairsFor(ctx, db, docOf, minScore, Answer{Limit: limit, Linked: LinkedIn(g)})
				if err != nil || !ok {
					t.Fatalf("%s: VectorPairsFor: %v %v", name, ok, err)
				}
				want, err := Pick(ctx, db, slices.Clone(all), docOf, g, limit)
				if err != nil {
					t.Fatal(err)
				}
				got, err := Pick(ctx, db, kept, docOf, g, limit)
				if err != nil {
					t.Fatal(err)
				}
				if len(want) == 0 {
					t.Fatalf("%s: no suggestion to compare", name)
				}
				if !slices.Equal(got, want) {
					t.Errorf("%s: from %d kept pairs of %d:\n got %v\nwant %v", name, len(kept), len(all), got, want)
				}
				if next, err := Pick(ctx, db, slices.Clone(all), docOf, g, limit+1); err == nil && len(next) > limit && next[limit].Score == want[limit-1].Score {
					tiedAtCut++
				}
				if len(kept) > 2*limit+1 {
					t.Errorf("%s: kept %d pairs, want at most %d", name, len(kept), 2*limit+1)
				}
			}
		}
	}
	if tiedAtCut == 0 {
		t.Error("no case cut the suggestions inside a tie of shown scores")
	}
	t.Logf("%d cases cut inside a tie of shown scores", tiedAtCut)
}

// TestVectorPairsForHoldsTheAnswer: at --min-score 0 every pair of
// sections passes, and keeping them all held the square of the sections
// (3,000 sections of near-identical pages: 4.5 million pairs, 328 MB for
// `ubp suggest-links`). VectorPairsFor holds about twice the limit.
func TestVectorPairsForHoldsTheAnswer(t *testing.T) {
	const docs, dims = 1500, 32
	db, docOf := vectorIndex(t, docs, 1, dims, coarseVectors(dims, 2, 5))
	ctx := context.Background()
	probe := storetest.NewHeapProbe()
	pairs, err := Pairs(probe.Context(ctx), probe.Querier(db), docOf, 0, true, Answer{Limit: 20})
	if err != nil {
		t.Fatal(err)
	}
	const bound = 4 << 20
	t.Logf("%d pairs kept; live heap grew by %d KB over %d samples", len(pairs), probe.Growth()>>10, probe.Samples())
	if len(pairs) > 41 || probe.Growth() > bound {
		t.Errorf("Pairs kept %d pairs and held %d KB for 20 suggestions over %d sections, want at most 41 pairs and %d KB",
			len(pairs), probe.Growth()>>10, docs, bound>>10)
	}
}
