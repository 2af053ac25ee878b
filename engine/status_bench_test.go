package engine

import (
	"context"
	"testing"
)

// BenchmarkStatusScale measures Status over the scale benchmark's corpus
// (UBP_BENCH_DOCS documents, default 2,000; about 70% with source refs):
// "cold" opens an engine, asks and closes it, as `ubp status` does;
// "warm" asks an engine that has answered before, as a server does.
func BenchmarkStatusScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	e, _, _ := indexedScaleCorpus(b, n)
	p := e.Project()
	ctx := context.Background()
	want, err := e.Status(ctx)
	if err != nil || want.Documents != n {
		b.Fatalf("Status: %+v, %v", want, err)
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			e2, err := Open(ctx, p, OpenOptions{})
			if err != nil {
				b.Fatal(err)
			}
			s, err := e2.Status(ctx)
			if err != nil || s.StaleDocuments != want.StaleDocuments {
				b.Fatalf("Status: %+v, %v", s, err)
			}
			e2.Close()
		}
	})
	b.Run("warm", func(b *testing.B) {
		for b.Loop() {
			if _, err := e.Status(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
