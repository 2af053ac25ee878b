package fulltext

import (
	"math"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
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

// A concept found only by its sub-terms counts in coverage (and so in the
// title factor and the match level) by their weight: a lone kanji (速 of
// 速い, weight below 1) found inside another word (速度) is not the whole
// concept, while a long kanji word's 2-grams (together weighing more than
// the word) count by the share that matched, as before.
func TestCoverageCountsSubTermsByWeight(t *testing.T) {
	tests := []struct {
		name    string
		query   string
		matched []string // term texts found
		want    func(q query.Query) float64
	}{
		{"the word itself", "速い処理", []string{"速い"}, func(query.Query) float64 { return 0.5 }},
		{"a lone kanji alone counts its weight", "速い処理", []string{"速"},
			func(q query.Query) float64 { return 0.5 * termWeight(q, "速") }},
		{"the word and its lone kanji", "速い処理", []string{"速い", "速"}, func(query.Query) float64 { return 0.5 }},
		{"one 2-gram of three", "検索精度", []string{"索精"}, func(query.Query) float64 { return 1.0 / 3 }},
		{"every 2-gram", "検索精度", []string{"検索", "索精", "精度"}, func(query.Query) float64 { return 1 }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q := query.Parse(tc.query)
			df := make([]int, len(q.Groups))
			for i := range df {
				df[i] = 10
			}
			s := newScorer(q, 100, df)
			scores := make([]float64, len(q.Terms))
			for i, term := range q.Terms {
				if slices.Contains(tc.matched, term.Text) {
					scores[i] = 1
				}
			}
			got, _, _, _ := s.coverage(scores)
			if want := tc.want(q); math.Abs(got-want) > 1e-9 {
				t.Errorf("coverage of %v in %q = %.4f, want %.4f (terms %+v)", tc.matched, tc.query, got, want, q.Terms)
			}
		})
	}
}

func termWeight(q query.Query, text string) float64 {
	for _, t := range q.Terms {
		if t.Text == text {
			return t.Weight
		}
	}
	return math.NaN()
}
