package fulltext

import (
	"math"
	"testing"
)

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
