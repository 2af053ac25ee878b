package fulltext

import (
	"cmp"
	"slices"
)

// scoredHit is one section a short term matched, with its document and
// the term's BM25 in it.
type scoredHit struct {
	id, doc int64
	score   float64
}

// keepBest cuts hits to the limit best by score, as scanFTSTerm reads
// only a term's best rows: a term in more sections than that adds little
// to any score, and every hit it passes on costs the documents' scoring a
// little more. Fewer hits are returned as they are. Equal scores at the
// cut are taken in the order byPlace gives their section ids (see
// ftsrows.TiedByPlace: by file path, then place in the page; until
// 2026-11-28 by section id, so an index kept up to date passed on other
// sections than a fresh index of the same files). The kept are best
// first.
func keepBest(hits []scoredHit, limit int, byPlace func(ids []int64) ([]int64, error)) ([]scoredHit, error) {
	if len(hits) <= limit {
		return hits, nil
	}
	slices.SortFunc(hits, func(a, b scoredHit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	if limit <= 0 {
		return hits[:0], nil
	}
	cut := hits[limit-1].score
	if hits[limit].score != cut {
		return hits[:limit], nil
	}
	lo, hi := limit-1, limit+1
	for lo > 0 && hits[lo-1].score == cut {
		lo--
	}
	for hi < len(hits) && hits[hi].score == cut {
		hi++
	}
	ids := make([]int64, hi-lo)
	for i, h := range hits[lo:hi] {
		ids[i] = h.id
	}
	ordered, err := byPlace(ids)
	if err != nil {
		return nil, err
	}
	place := make(map[int64]int, len(ordered))
	for i, id := range ordered {
		place[id] = i
	}
	tied := hits[lo:hi]
	slices.SortFunc(tied, func(a, b scoredHit) int {
		pa, oka := place[a.id]
		pb, okb := place[b.id]
		if oka != okb { // a section gone meanwhile: last
			if oka {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(pa, pb), cmp.Compare(a.id, b.id))
	})
	return hits[:limit], nil
}
