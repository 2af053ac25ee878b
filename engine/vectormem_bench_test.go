package engine

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// BenchmarkVectorReadsScale is the cost of the two reads of every vector
// of the scale benchmark's corpus (UBP_BENCH_DOCS documents, default
// 2,000; see BenchmarkIndexFullScale): the recompute of the common
// component after an indexing run, and SuggestLinks. Besides time and
// allocations it reports live-MB, the most the live heap grew over what
// was live before during one call (storetest.HeapProbe, sampled at each
// page the read starts and each check of its context).
func BenchmarkVectorReadsScale(b *testing.B) {
	n := benchDocsFromEnv(b, 2000)
	e, _, _ := indexedScaleCorpus(b, n)
	ctx := context.Background()
	st, ok, err := vecstore.ReadState(ctx, e.db)
	if err != nil || !ok {
		b.Fatalf("vector state: %v %v", ok, err)
	}
	count, err := vecstore.Count(ctx, e.db, st.Model)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d documents, %d vectors of %d dimensions", n, count, st.Dims)
	b.Run("component", func(b *testing.B) {
		component := func(q vecstore.Querier) {
			if _, _, err := vecstore.CommonComponent(ctx, q, st.Model); err != nil {
				b.Fatal(err)
			}
		}
		probe := storetest.NewHeapProbe()
		component(probe.Querier(e.db))
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			component(e.db)
		}
		b.ReportMetric(float64(probe.Growth())/(1<<20), "live-MB")
	})
	b.Run("suggest", func(b *testing.B) {
		suggest := func(ctx context.Context) {
			if _, err := e.SuggestLinks(ctx, SuggestOptions{}); err != nil {
				b.Fatal(err)
			}
		}
		probe := storetest.NewHeapProbe()
		suggest(probe.Context(ctx))
		b.ReportAllocs()
		b.ResetTimer()
		for b.Loop() {
			suggest(ctx)
		}
		b.ReportMetric(float64(probe.Growth())/(1<<20), "live-MB")
	})
}
