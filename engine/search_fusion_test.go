package engine

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

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
	if sqliteIDF(100, 99) != 1e-6 || !(termIDF(100, 99) > 0.001) {
		t.Error("FTS5 floors the IDF of a term in nearly every section at 1e-6; search keeps it positive")
	}
	if !(termIDF(100, 1) > termIDF(100, 10)) {
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
	// Document-level BM25 already normalises length: the size correction
	// on top stays mild, so a page four times the average size (with
	// every concept the query asks for) is not pushed below a short page
	// matching a fraction of them.
	if c := sizeCorrection(80, 20); c > 1.1 {
		t.Errorf("sizeCorrection(4× average) = %.3f, want at most 1.1", c)
	}
	for _, f := range []float64{0.5, 1, 3, 10} {
		if got := termFreq(bm25(2, f, 120, 100), 2, 120, 100); math.Abs(got-f) > 1e-9 {
			t.Errorf("termFreq inverts bm25: got %v, want %v", got, f)
		}
	}
}
