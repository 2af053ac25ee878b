package suggest

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBucketsKeepNearPairsTogether: past maxAllPairs sections are compared
// within groups around centres; two near sections (cosine 0.95 and more)
// share a group, and no group holds more than a few times bucketSize.
func TestBucketsKeepNearPairsTogether(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	unit := func(v []float32) []float32 {
		var n float64
		for _, x := range v {
			n += float64(x) * float64(x)
		}
		for i := range v {
			v[i] = float32(float64(v[i]) / math.Sqrt(n))
		}
		return v
	}
	const dims, n, twins = 24, 6000, 300
	var vecs [][]float32
	for range n {
		v := make([]float32, dims)
		for d := range v {
			v[d] = float32(rng.NormFloat64())
		}
		vecs = append(vecs, unit(v))
	}
	// Each twin is a small move of an earlier vector.
	for i := range twins {
		w := make([]float32, dims)
		for d := range w {
			w[d] = vecs[i*7][d] + float32(0.05*rng.NormFloat64())
		}
		vecs = append(vecs, unit(w))
	}
	cos := func(a, b []float32) float64 {
		var s float64
		for k := range a {
			s += float64(a[k]) * float64(b[k])
		}
		return s
	}
	groups := bucketsOf(vecs)
	member := make([]map[int]bool, len(vecs))
	for g, idx := range groups {
		if len(idx) > 4*bucketSize {
			t.Errorf("group %d holds %d sections", g, len(idx))
		}
		for _, i := range idx {
			if member[i] == nil {
				member[i] = map[int]bool{}
			}
			member[i][g] = true
		}
	}
	missed := 0
	for i := range twins {
		a, b := i*7, n+i
		if cos(vecs[a], vecs[b]) < 0.95 {
			continue
		}
		shared := false
		for g := range member[a] {
			shared = shared || member[b][g]
		}
		if !shared {
			missed++
		}
	}
	if missed > twins/50 {
		t.Errorf("%d of %d near pairs share no group", missed, twins)
	}
}
