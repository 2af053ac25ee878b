package search

import (
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
)

func TestSearchRankBy(t *testing.T) {
	got := rankBy(map[int64]float64{1: 0.5, 2: 0.9, 3: 0.5, 4: 0})
	want := map[int64]int{2: 1, 1: 2, 3: 3}
	if len(got) != len(want) {
		t.Fatalf("rankBy = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("rank of %d = %d, want %d", k, got[k], v)
		}
	}
}

func TestSearchNormaliseByMax(t *testing.T) {
	got := normaliseByMax(map[int64]float64{1: 2, 2: 1, 3: 0})
	if got[1] != 1 || got[2] != 0.5 || len(got) != 2 {
		t.Errorf("normaliseByMax = %v", got)
	}
	if len(normaliseByMax(map[int64]float64{})) != 0 {
		t.Error("empty in, empty out")
	}
}

func TestTopDocs(t *testing.T) {
	scores := map[int64]float64{4: 0.5, 2: 0.9, 3: 0.5, 1: 0.1, 5: 0.5}
	got := topDocs(scores, nil)
	if want := []int64{2, 3, 4, 5, 1}; !slices.Equal(got, want) {
		t.Errorf("topDocs = %v, want %v (best first, ties by id)", got, want)
	}
	// Ties by file path first: row ids depend on the index's history.
	meta := map[int64]*docmeta.Meta{3: {Filepath: "c.md"}, 4: {Filepath: "a.md"}, 5: {Filepath: "b.md"}}
	if got, want := topDocs(scores, meta), []int64{2, 4, 5, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("topDocs with paths = %v, want %v (ties by path)", got, want)
	}
}
