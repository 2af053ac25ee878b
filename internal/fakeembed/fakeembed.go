// Package fakeembed answers as an OpenAI-compatible embeddings endpoint
// does, for tests that run a real HTTP server in place of one: each
// input's vector is drawn from a generator seeded by a hash of the input,
// so equal texts get equal vectors and every run gets the same ones.
package fakeembed

import (
	"encoding/json"
	"hash/fnv"
	"io"
	"math/rand/v2"
)

// Respond writes to w the body of an embeddings answer for inputs: one
// vector of dims dimensions each, in order, drawn with seed (tests that
// want other vectors for the same texts pass another seed).
func Respond(w io.Writer, inputs []string, dims int, seed uint64) error {
	type item struct {
		Index     int       `json:"index"`
		Embedding []float64 `json:"embedding"`
	}
	data := make([]item, len(inputs))
	for i, in := range inputs {
		h := fnv.New64a()
		_, _ = h.Write([]byte(in))
		rng := rand.New(rand.NewPCG(h.Sum64(), seed)) //nolint:gosec // test vectors, the same on every run on purpose, not secrets
		v := make([]float64, dims)
		for d := range v {
			v[d] = rng.NormFloat64()
		}
		data[i] = item{Index: i, Embedding: v}
	}
	return json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": "fake"})
}
