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
		{[]float64{0.5}, 0.5},
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
