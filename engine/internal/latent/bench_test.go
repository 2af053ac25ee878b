package latent

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchSections are n generated sections of 120 words drawn from a
// Zipf-distributed vocabulary of 20,000 words.
func benchSections(n int) [][]string {
	r := rand.New(rand.NewPCG(3, 4))
	zipf := rand.NewZipf(r, 1.1, 8, 19_999)
	vocab := make([]string, 20_000)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("w%d", i)
	}
	out := make([][]string, n)
	for i := range out {
		toks := make([]string, 120)
		for j := range toks {
			toks[j] = vocab[zipf.Uint64()]
		}
		out[i] = toks
	}
	return out
}

// BenchmarkTrain is a training on 10,000 sections, the most a training
// reads (latentrun.MaxTrainSections).
func BenchmarkTrain(b *testing.B) {
	secs := benchSections(10_000)
	b.ResetTimer()
	for b.Loop() {
		if m := Train(secs); m.Rank != MaxRank {
			b.Fatalf("rank %d", m.Rank)
		}
	}
}

// BenchmarkFold is placing one section of 120 words.
func BenchmarkFold(b *testing.B) {
	secs := benchSections(2_000)
	m := Train(secs)
	b.ResetTimer()
	i := 0
	for b.Loop() {
		m.Fold(secs[i%len(secs)])
		i++
	}
}

// BenchmarkTokens is cutting a section of mixed English and Japanese
// text into terms.
func BenchmarkTokens(b *testing.B) {
	text := ""
	for range 20 {
		text += "The staleness of documents is detected when their source_refs change. 文書の陳腐化は参照先のコードの変更で検出する。 "
	}
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		Tokens(text)
	}
}
