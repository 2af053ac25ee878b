package vecstore

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDot: dot equals the inner product summed in float64, for lengths
// that are and are not multiples of its four running sums, and reads only
// as much of b as a has.
func TestDot(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 257} {
		a := make([]float32, n)
		b := make([]float32, n+3) // longer: the tail is not part of the product
		for i := range b {
			if i < n {
				a[i] = float32(r.NormFloat64())
			}
			b[i] = float32(r.NormFloat64())
		}
		var want, scale float64
		for i := range a {
			want += float64(a[i]) * float64(b[i])
			scale += math.Abs(float64(a[i]) * float64(b[i]))
		}
		got := float64(dot(a, b))
		if math.Abs(got-want) > 1e-5*(scale+1) {
			t.Errorf("length %d: dot %v, want %v", n, got, want)
		}
	}
}
