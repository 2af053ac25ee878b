package engine

import (
	"context"
	"testing"
)

// BenchmarkGetGraphCenterScale answers `ubp get-graph --center PAGE` (depth
// 2, dangling targets too) on the scale benchmark's corpus (see
// internal/scalecorpus; UBP_BENCH_DOCS documents, default 2,000) as a CLI
// process does: each run opens a new engine, so
// nothing is cached. Its time and allocations must follow the
// neighbourhood, not the corpus.
func BenchmarkGetGraphCenterScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	e, c, _ := indexedScaleCorpus(b, n)
	p, ctx := e.Project(), context.Background()
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
