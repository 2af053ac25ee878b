package search

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
)

// TestSearchRankBy: ranks by score, ties by file path (then id), not by
// id alone, which follows the order the rows were written.
func TestSearchRankBy(t *testing.T) {
	s := &Run{meta: map[int64]*docmeta.Meta{1: {Filepath: "b.md"}, 2: {Filepath: "c.md"}, 3: {Filepath: "a.md"}, 5: {Filepath: "a.md"}}}
	got := s.rankBy(map[int64]float64{1: 0.5, 2: 0.9, 3: 0.5, 4: 0, 5: 0.5})
	want := map[int64]int{2: 1, 3: 2, 5: 3, 1: 4}
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
	got := topDocs(scores, nil, -1)
	if want := []int64{2, 3, 4, 5, 1}; !slices.Equal(got, want) {
		t.Errorf("topDocs = %v, want %v (best first, ties by id)", got, want)
	}
	// Ties by file path first: row ids depend on the index's history.
	meta := map[int64]*docmeta.Meta{3: {Filepath: "c.md"}, 4: {Filepath: "a.md"}, 5: {Filepath: "b.md"}}
	if got, want := topDocs(scores, meta, -1), []int64{2, 4, 5, 3, 1}; !slices.Equal(got, want) {
		t.Errorf("topDocs with paths = %v, want %v (ties by path)", got, want)
	}
}

// topDocs with a limit n is the first n of the whole order, ties by path
// and id included, for every n: it keeps the n best as it goes instead of
// sorting every candidate.
func TestTopDocsFirstN(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	scores := map[int64]float64{}
	meta := map[int64]*docmeta.Meta{}
	for id := range int64(200) {
		scores[id] = float64(r.IntN(20)) / 20 // many ties
		if id%3 != 0 {
			meta[id] = &docmeta.Meta{Filepath: fmt.Sprintf("p%03d.md", r.IntN(50))}
		}
	}
	scores[500] = math.NaN()
	all := topDocs(scores, meta, -1)
	if len(all) != len(scores) {
		t.Fatalf("topDocs(-1) = %d ids, want %d", len(all), len(scores))
	}
	for _, n := range []int{0, 1, 2, 10, 50, 200, 201, 202, 1000} {
		got := topDocs(scores, meta, n)
		want := all[:min(n, len(all))]
		if !slices.Equal(got, want) {
			t.Errorf("topDocs(n=%d) = %v, want %v", n, got, want)
		}
	}
}

// TestFuseAfterGraphSameEvidence: Fuse after Graph adds the graph's
// scores to the evidence Graph gathered (withGraph) instead of gathering
// every candidate's again; the evidence is the same as gathered anew:
// documents found by a signal and by the graph, by the graph only (with
// metadata, or deleted: nil), by a signal before their metadata was read
// and reached by the graph (which reads it), and by no graph at all.
func TestFuseAfterGraphSameEvidence(t *testing.T) {
	meta := func(ids ...int64) map[int64]*docmeta.Meta {
		m := map[int64]*docmeta.Meta{}
		for _, id := range ids {
			m[id] = &docmeta.Meta{ID: id}
		}
		return m
	}
	tests := []struct {
		name      string
		graph     map[int64]float64
		metaAfter []int64 // metadata the graph's walk read
		deleted   []int64 // documents the walk found deleted
	}{
		{name: "no graph evidence"},
		{name: "graph on content documents", graph: map[int64]float64{1: 0.5, 3: 0.25}},
		{name: "graph only", graph: map[int64]float64{7: 0.5, 8: 0.2}, metaAfter: []int64{7, 8}},
		{name: "graph reaches a deleted document", graph: map[int64]float64{9: 0.5, 2: 0.1}, deleted: []int64{9}},
		{name: "graph reaches a vector document whose metadata was not read", graph: map[int64]float64{6: 0.3}, metaAfter: []int64{6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Run{meta: meta(1, 2, 3, 4, 5)}
			s.vec.Raw = map[int64]float64{1: 0.9, 2: 0.4, 6: 0.7}
			s.ftRaw = map[int64]float64{1: 3, 3: 2, 4: 1}
			s.ftDocs = map[int64]*fulltext.Doc{1: {Score: 3, Coverage: 1}, 3: {Score: 2, Coverage: 0.5}, 4: {Score: 1, Coverage: 0.5}}
			s.latent = map[int64]float64{5: 0.2, 2: 0.1}
			s.contentEv = s.evidence()
			for _, id := range tt.metaAfter {
				s.meta[id] = &docmeta.Meta{ID: id}
			}
			for _, id := range tt.deleted {
				s.meta[id] = nil
			}
			s.graphRaw = map[int64]float64{}
			for id, g := range tt.graph {
				if s.meta[id] != nil {
					s.graphRaw[id] = g
				}
			}
			want := s.evidence()
			got := s.withGraph()
			if !maps.Equal(got, want) {
				t.Errorf("evidence after the graph:\n got %v\nwant %v", got, want)
			}
			if s.contentEv != nil {
				t.Error("the content evidence is still kept after Fuse took it")
			}
		})
	}
}
