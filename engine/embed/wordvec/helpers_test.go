package wordvec

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// vocab is the vocabulary of the small test models, most frequent first.
var vocab = []string{
	"the", "of", "and", "search", "file", "server", "case", "text", "full",
	"query", "hybrid", "http", "snake", "cache", "map", "embedding",
	"javascript", "index", "dependency", "utf8", "sha", "café", "model",
}

// testEntries gives each vocab word a deterministic random vector and rank
// 3·i+1 in a source vocabulary of 1000.
func testEntries(dims int) []Entry {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]Entry, len(vocab))
	for i, w := range vocab {
		v := make([]float32, dims)
		for d := range v {
			v[d] = float32(r.NormFloat64())
		}
		out[i] = Entry{Word: w, Rank: 3*i + 1, Vector: v}
	}
	return out
}

// encode writes entries as a model file.
func encode(t testing.TB, dims, sourceVocab int, entries []Entry) string {
	t.Helper()
	var b bytes.Buffer
	if err := Encode(&b, dims, sourceVocab, entries); err != nil {
		t.Fatalf("Encode: %v", err)
	}
	return b.String()
}

// testModel is a parsed model of vocab with 8 dims.
func testModel(t testing.TB) *Model {
	t.Helper()
	m, err := Parse(encode(t, 8, 1000, testEntries(8)))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return m
}
