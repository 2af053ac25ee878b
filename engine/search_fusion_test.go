package engine

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSearchFusionWeights(t *testing.T) {
	tests := []struct {
		name  string
		alpha float64
		p     presence
		want  fusionWeights
	}{
		{"all signals", 0.7, presence{true, true, true}, fusionWeights{Vector: 0.7, Graph: 0.21, Fulltext: 0.09}},
		{"no full-text hits: two-way", 0.7, presence{Vector: true, Graph: true}, fusionWeights{Vector: 0.7, Graph: 0.3}},
		{"no vector: its weight goes to full text", 0.7, presence{Graph: true, Fulltext: true}, fusionWeights{Graph: 0.21, Fulltext: 0.79}},
		{"no graph: shared by content signals", 0.7, presence{Vector: true, Fulltext: true},
			fusionWeights{Vector: 0.7 + 0.21*0.7/0.79, Fulltext: 0.09 + 0.21*0.09/0.79}},
		{"full text only", 0.7, presence{Fulltext: true}, fusionWeights{Fulltext: 1}},
		{"vector only", 0.7, presence{Vector: true}, fusionWeights{Vector: 1}},
		{"graph only", 0.7, presence{Graph: true}, fusionWeights{Graph: 1}},
		{"nothing", 0.7, presence{}, fusionWeights{}},
		{"alpha 0.5", 0.5, presence{true, true, true}, fusionWeights{Vector: 0.5, Graph: 0.35, Fulltext: 0.15}},
		{"alpha clamped", 1.5, presence{true, true, true}, fusionWeights{Vector: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := weightsFor(tt.alpha, tt.p)
			if !near(got.Vector, tt.want.Vector) || !near(got.Graph, tt.want.Graph) || !near(got.Fulltext, tt.want.Fulltext) {
				t.Errorf("weightsFor(%v, %+v) = %+v, want %+v", tt.alpha, tt.p, got, tt.want)
			}
			if sum := got.Vector + got.Graph + got.Fulltext; tt.p != (presence{}) && !near(sum, 1) {
				t.Errorf("weights sum to %v, want 1", sum)
			}
		})
	}
}

func TestSearchWeightedFusion(t *testing.T) {
	w := fusionWeights{Vector: 0.7, Graph: 0.21, Fulltext: 0.09}
	if got := w.weighted(signalScores{Vector: 1, Graph: 0.5, Fulltext: 1}); !near(got, 0.7+0.105+0.09) {
		t.Errorf("weighted = %v", got)
	}
}

func TestSearchRRFScore(t *testing.T) {
	tests := []struct {
		r    signalRanks
		want float64
	}{
		{signalRanks{1, 1, 1}, 3.0 / 61},
		{signalRanks{Vector: 1}, 1.0 / 61},
		{signalRanks{Vector: 2, Fulltext: 10}, 1.0/62 + 1.0/70},
		{signalRanks{}, 0},
	}
	for _, tt := range tests {
		if got := rrfScore(tt.r, 60); !near(got, tt.want) {
			t.Errorf("rrfScore(%+v) = %v, want %v", tt.r, got, tt.want)
		}
	}
}

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

func TestSearchAggregateSections(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{0.5}, 0.5},
		{[]float64{1, 1, 1}, 1},
		{[]float64{0.2, 1, 0.6}, 0.8 + 0.2*(1.8/3)},
		{[]float64{1, 0.1, 0.1, 0.9}, 0.8 + 0.2*(2.0/3)},
	}
	for _, tt := range tests {
		if got := aggregateSections(tt.in); !near(got, tt.want) {
			t.Errorf("aggregateSections(%v) = %v, want %v", tt.in, got, tt.want)
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

func TestFulltextBM25Scoring(t *testing.T) {
	if ftsIDF(100, 99) != 1e-6 {
		t.Error("a term in nearly every section must keep a tiny positive IDF")
	}
	if !(ftsIDF(100, 1) > ftsIDF(100, 10)) {
		t.Error("rarer terms weigh more")
	}
	if groupIDF(100, 0) != 0 || groupIDF(100, 100) <= 0 {
		t.Error("groupIDF: 0 for absent concepts, positive otherwise")
	}
	long, short := bm25(1, 1, 200, 100), bm25(1, 1, 50, 100)
	if !(short > long) {
		t.Errorf("shorter sections score higher for one hit: %v vs %v", short, long)
	}
	if !(bm25(1, 3, 100, 100) > bm25(1, 1, 100, 100)) || bm25(1, 0, 100, 100) != 0 {
		t.Error("more hits score higher; no hit scores 0")
	}
	if sizeCorrection(10, 20) != 1 || !(sizeCorrection(100, 20) > 1) {
		t.Error("only documents larger than average are corrected")
	}
}
