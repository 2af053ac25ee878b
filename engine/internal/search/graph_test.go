package search

import (
	"math"
	"testing"

	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

func TestGraphSignal(t *testing.T) {
	// 1 → 2 → 3 (references), 3 → 4 (depends_on), 5 alone.
	g := graph.New()
	g.AddEdge(1, 2, index.LinkReferences)
	g.AddEdge(2, 3, index.LinkReferences)
	g.AddEdge(3, 4, index.LinkDependsOn)
	g.AddNode(5)
	tests := []struct {
		name     string
		seeds    []int64
		strength map[int64]float64
		depth    int
		types    []index.LinkType
		want     map[int64]float64
		hop      map[int64]int // depth of the evidence kept (0: the seed itself)
	}{
		{
			name:  "neighbours earn strength/(1+hops), a seed nothing from itself",
			seeds: []int64{1}, strength: map[int64]float64{1: 1}, depth: 2,
			want: map[int64]float64{2: 0.5, 3: 1.0 / 3},
			hop:  map[int64]int{2: 1, 3: 2},
		},
		{
			name:  "a seed earns credit from the other seeds, the best kept",
			seeds: []int64{1, 3}, strength: map[int64]float64{1: 1, 3: 0.4}, depth: 2,
			// 2: 1/2 from seed 1 beats 0.4/2 from seed 3; 1: 0.4/3 from seed 3.
			want: map[int64]float64{1: 0.4 / 3, 2: 0.5, 3: 1.0 / 3, 4: 0.2},
			hop:  map[int64]int{1: 2, 2: 1, 3: 2, 4: 1},
		},
		{
			name:  "a seed without links gives nothing",
			seeds: []int64{5, 1}, strength: map[int64]float64{5: 1, 1: 0.5}, depth: 1,
			want: map[int64]float64{2: 0.25},
			hop:  map[int64]int{2: 1},
		},
		{
			name:  "link types filter the walk",
			seeds: []int64{3}, strength: map[int64]float64{3: 1}, depth: 3,
			types: []index.LinkType{index.LinkDependsOn},
			want:  map[int64]float64{4: 0.5},
			hop:   map[int64]int{4: 1},
		},
		{
			name:  "a seed of strength 0 counts for nothing",
			seeds: []int64{1}, strength: map[int64]float64{1: 0}, depth: 2,
			want: map[int64]float64{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := graphSignal(g, tt.seeds, tt.strength, tt.depth, tt.types)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want scores %v", got, tt.want)
			}
			for id, want := range tt.want {
				ev, ok := got[id]
				if !ok || math.Abs(ev.Score-want) > 1e-12 {
					t.Errorf("document %d: score %v (found %v), want %v", id, ev.Score, ok, want)
				}
				if d, ok := tt.hop[id]; ok && ev.Hop.Depth != d {
					t.Errorf("document %d: evidence at depth %d, want %d", id, ev.Hop.Depth, d)
				}
			}
		})
	}
}
