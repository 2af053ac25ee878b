package search

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkTopDocs: the first 10 of 5,000 candidates, as a search at 10,000
// documents does twice (seeds, shown hits).
func BenchmarkTopDocs(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	scores := make(map[int64]float64, 5000)
	for i := range 5000 {
		scores[int64(i)] = float64(r.IntN(1000)) / 1000
	}
	for b.Loop() {
		topDocs(scores, nil, 10)
	}
}
