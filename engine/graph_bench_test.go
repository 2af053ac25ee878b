package engine

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// BenchmarkGetGraphCenterScale answers `ubp get-graph --center PAGE` (depth
// 2, dangling targets too) on the scale benchmark's corpus (see
// internal/scalecorpus; UBP_BENCH_DOCS documents, default 2,000, without
// embeddings) as a CLI process does: each run opens a new engine, so
// nothing is cached. Its time and allocations must follow the
// neighbourhood, not the corpus.
func BenchmarkGetGraphCenterScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	root := b.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: n, Seed: 1})
	if err := c.Write(root); err != nil {
		b.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Embedding.Provider = "none"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	e, err := Open(ctx, p, OpenOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Index(ctx, IndexOptions{}); err != nil {
		b.Fatal(err)
	}
	opts := GraphOptions{Center: c.Docs[n/2].Path, Depth: 2, Dangling: true}
	nodes := 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		cold, err := Open(ctx, p, OpenOptions{ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		g, err := cold.GetGraph(ctx, opts)
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		nodes = len(g.Nodes)
		cold.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(nodes), "nodes")
}
