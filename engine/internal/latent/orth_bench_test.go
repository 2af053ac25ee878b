package latent

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkOrthonormalize is one orthonormalisation of the sections' side
// at the training's bound: 10,000 rows × (MaxRank + oversample) columns.
func BenchmarkOrthonormalize(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	src := newDense(10_000, MaxRank+oversample)
	for i := range src.v {
		src.v[i] = rng.NormFloat64()
	}
	d := newDense(src.r, src.c)
	for b.Loop() {
		copy(d.v, src.v)
		orthonormalize(d)
	}
}
