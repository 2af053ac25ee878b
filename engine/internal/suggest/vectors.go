package suggest

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// VectorPairs compares every two embedded sections of different documents
// by the cosine of their vectors (the current model's, with the corpus'
// common component removed, as search compares them); past maxAllPairs
// sections, those of the same groups only (bucketsOf). ok is false when
// there are no vectors to compare: nothing embedded, or fewer than two
// embedded sections.
//
// It holds at most vectorBudget bytes of vectors at a time, whatever the
// corpus (and the centres of the groups, one per bucketSize sections): it
// reads the ids of the sections with a vector (not their vectors), then,
// past maxAllPairs, reads every vector in one scan to put each in its
// groups, and compares the groups as many a scan as vectorBudget holds
// (comparer.groups; a larger group a block of half a page against
// another). What grows with the sections is what the answer needs: each
// one's id, groups and best partners.
//
// docs maps the sections that may be compared to their documents (see
// sectionrows.AllDocuments); sections absent from it are left out.
func VectorPairs(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64) (pairs []Pair, ok bool, err error) {
	return vectorPairs(ctx, q, docs, minScore, nil)
}

// VectorPairsFor is VectorPairs for the suggestions a asks for: up to
// maxAllPairs sections, where every two are compared, it keeps only the
// pairs that can be among a.Limit best unlinked document pairs
// (topPairs), so that it holds about 2 × a.Limit pairs however many pass
// minScore; past maxAllPairs each section's best partners, as VectorPairs.
// Pick answers the same from either.
func VectorPairsFor(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64, a Answer) (pairs []Pair, ok bool, err error) {
	return vectorPairs(ctx, q, docs, minScore, &a)
}

// vectorPairs is VectorPairs, or VectorPairsFor when a is not nil.
func vectorPairs(ctx context.Context, q store.Querier, docs map[int64]int64, minScore float64, a *Answer) (pairs []Pair, ok bool, err error) {
	st, exists, err := vecstore.ReadState(ctx, q)
	if err != nil || !exists {
		return nil, false, err
	}
	// The sections compared, in section id order: index i is ids[i]. Their
	// ids are read without their vectors (vecstore.SectionIDs): reading the
	// vectors for them took a rowid lookup of the vec0 table a section.
	withVector, err := vecstore.SectionIDs(ctx, q, st)
	if err != nil {
		return nil, false, err
	}
	ids := withVector[:0]
	for _, id := range withVector {
		if _, ok := docs[id]; ok {
			ids = append(ids, id)
		}
	}
	if len(ids) < 2 {
		return nil, false, nil
	}
	// Sections compared with each other: all of them together, or past
	// maxAllPairs, the groups of the nearest centres (bucketsOf).
	var groups [][]int
	if len(ids) > maxAllPairs {
		if groups, err = streamedBuckets(ctx, q, st, docs, ids); err != nil {
			return nil, false, err
		}
	} else {
		all := make([]int, len(ids))
		for i := range all {
			all[i] = i
		}
		groups = [][]int{all}
	}
	// Past maxAllPairs, each section keeps its best partners only: in a
	// corpus of pages alike, most pairs pass minScore, and keeping them all
	// took gigabytes; the suggestions are the best pairs.
	best := make([][]partner, len(ids))
	limit := len(ids) // every partner, up to maxAllPairs sections
	if len(groups) > 1 {
		limit = maxPartners
	}
	var top *topPairs
	if a != nil && len(groups) == 1 {
		top = newTopPairs(ctx, q, docs, *a)
	}
	keep := func(i, j int, score float64) {
		if top != nil {
			if i < j { // each pair comes as (i, j) and (j, i)
				top.add(Pair{A: min(ids[i], ids[j]), B: max(ids[i], ids[j]), Score: min(score, 1)})
			}
			return
		}
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
	c := comparer{q: q, st: st, docs: docs, ids: ids, minScore: minScore, keep: keep}
	if err := c.groups(ctx, groups); err != nil {
		return nil, false, err
	}
	if top != nil {
		pairs, err := top.pairs()
		return pairs, err == nil, err
	}
	seen := map[[2]int64]bool{}
	for i, l := range best {
		for _, p := range l {
			a, b := ids[i], ids[p.j]
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
// streamedBuckets makes the same groups without holding the vectors.
func bucketsOf(vecs [][]float32) [][]int {
	k := bucketCount(len(vecs))
	centres := make([][]float32, k)
	for c := range centres {
		centres[c] = vecs[centreAt(c, len(vecs), k)]
	}
	b := newBuckets(centres)
	for i, v := range vecs {
		b.add(i, v)
	}
	return b.groups
}

// bucketCount is how many centres bucketsOf picks among n vectors.
func bucketCount(n int) int { return max(2, n/bucketSize) }

// centreAt is the index of centre c of k among n vectors.
func centreAt(c, n, k int) int { return c * n / k }

// buckets are the groups of bucketsOf being filled.
type buckets struct {
	centres [][]float32
	groups  [][]int
}

func newBuckets(centres [][]float32) *buckets {
	return &buckets{centres: centres, groups: make([][]int, len(centres))}
}

// add puts vector i, v, in the groups of its two nearest centres.
func (b *buckets) add(i int, v []float32) {
	best, second := b.nearest(v)
	b.put(i, best, second)
}

// put puts vector i in the groups best and second (-1: none).
func (b *buckets) put(i, best, second int) {
	b.groups[best] = append(b.groups[best], i)
	if second >= 0 {
		b.groups[second] = append(b.groups[second], i)
	}
}

// nearest are the two centres nearest v (second -1 when there is one).
func (b *buckets) nearest(v []float32) (best, second int) {
	best, second = -1, -1
	var bestS, secondS float64
	for c, ctr := range b.centres {
		sc := cosine(v, ctr)
		switch {
		case best < 0 || sc > bestS:
			second, secondS = best, bestS
			best, bestS = c, sc
		case second < 0 || sc > secondS:
			second, secondS = c, sc
		}
	}
	return best, second
}

// cosine is the cosine of two unit vectors of the same length.
func cosine(a, b []float32) float64 {
	var dot float64
	for k, x := range a {
		dot += float64(x) * float64(b[k])
	}
	return dot
}
