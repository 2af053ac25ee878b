package suggest

import (
	"cmp"
	"context"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// VectorPairs compares every two embedded sections of different documents
// by the cosine of their vectors (the current model's, with the corpus'
// common component removed, as search compares them); past maxAllPairs
// sections, those of the same groups only (bucketsOf). ok is false when
// there are no vectors to compare: nothing embedded, or fewer than two
// embedded sections.
func VectorPairs(ctx context.Context, q store.Querier, secs map[int64]*sectionrows.Row, minScore float64) (pairs []Pair, ok bool, err error) {
	st, exists, err := vecstore.ReadState(ctx, q)
	if err != nil || !exists {
		return nil, false, err
	}
	stored, err := vecstore.SectionVectors(ctx, q, st)
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
		s := secs[sv.SectionID]
		if s == nil {
			continue
		}
		vs = append(vs, vec{sv.SectionID, s.Doc, sv.Vector}) // component removed

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
		groups = bucketsOf(vecs, cosine)
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

// partner is a section compared with another, by index, and their cosine.
type partner struct {
	j     int
	score float64
}

// maxPartners is how many best partners each section keeps past
// maxAllPairs sections.
const maxPartners = 8

// maxAllPairs is the most sections compared with every other: the pairs
// grow with the square of the sections, and 30,000 of them (5,000 pages)
// took 4 minutes and 1.5 GB. Past it, each section is compared within the
// groups of its two nearest centres (bucketsOf).
const maxAllPairs = 4000

// bucketSize is about how many sections a group of bucketsOf holds.
const bucketSize = 1000

// bucketsOf groups the unit vectors vecs (by index) around len/bucketSize
// centres picked from them at even steps (deterministic): each vector
// joins the groups of its two nearest centres, so two similar sections
// meet in one group unless the centres split them both ways. The work is
// about len × (centres + 2 × bucketSize) products instead of len².
func bucketsOf(vecs [][]float32, cosine func(a, b []float32) float64) [][]int {
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
