package vecsearch

import (
	"fmt"
	"math"
	"testing"
)

func TestAggregateSections(t *testing.T) {
	tests := []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{0.5}, 0.8*0.5 + 0.2*(0.5/3)},
		{[]float64{0.5, 0.4}, 0.8*0.5 + 0.2*(0.9/3)},
		{[]float64{1, 1, 1}, 1},
		{[]float64{0.2, 1, 0.6}, 0.8 + 0.2*(1.8/3)},
		{[]float64{1, 0.1, 0.1, 0.9}, 0.8 + 0.2*(2.0/3)},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in), func(t *testing.T) {
			if got := aggregateSections(tt.in); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("aggregateSections(%v) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
}

// A document with several sections near the query gains over one with a
// single section as near: the mean of the top three counts a missing
// section as 0, so one good section alone does not score as a
// consistently relevant document (the old mean over the sections found
// gave the single section its full cosine and the consistent document
// less).
func TestAggregateSectionsFavoursConsistentDocuments(t *testing.T) {
	one := aggregateSections([]float64{0.5})
	three := aggregateSections([]float64{0.5, 0.49, 0.48})
	if !(three > one) {
		t.Errorf("three sections near 0.5 score %.4f, one section of 0.5 %.4f: want the three higher", three, one)
	}
}
