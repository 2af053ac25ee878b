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

// keepBest cuts hits to the limit best by score (equal scores by section
// id), as scanFTSTerm reads only a term's best rows: a term in more
// sections than that adds little to any score, and every hit it passes on
// costs the documents' scoring a little more. Fewer hits are returned as
// they are.
func keepBest(hits []scoredHit, limit int) []scoredHit {
	if len(hits) <= limit {
		return hits
	}
	slices.SortFunc(hits, func(a, b scoredHit) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	return hits[:limit]
}
