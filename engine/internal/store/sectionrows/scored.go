package sectionrows

import (
	"cmp"
	"slices"
)

// Scored is a section with its score in one signal.
type Scored struct {
	ID    int64
	Score float64
}

// Sort orders sections best first, ties by id.
func Sort(s []Scored) {
	slices.SortFunc(s, func(a, b Scored) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
}
