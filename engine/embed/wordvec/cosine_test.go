package wordvec

import (
	"fmt"
	"math"
	"testing"
)

func TestCosine(t *testing.T) {
	tests := []struct {
		a, b []float32
		want float64
	}{
		{[]float32{1, 2, 3}, []float32{2, 4, 6}, 1},
		{[]float32{1, 0}, []float32{-3, 0}, -1},
		{[]float32{1, 0}, []float32{0, 5}, 0},
		{[]float32{1, 1}, []float32{1, 0}, 1 / math.Sqrt2},
		{[]float32{0, 0}, []float32{1, 0}, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.a, tt.b), func(t *testing.T) {
			if got := Cosine(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("Cosine(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}
