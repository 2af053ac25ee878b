package suggest

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
)

// TestVectorPairsHoldPagesOfVectors: link suggestions by vectors read the
// vectors of the sections they compare a page at a time (two half pages of
// one group at once) or, to compare groups, vectorBudget bytes of them
// (one scan's), so the live heap they add grows with the corpus only
// by the few bytes a section their answer needs (its id, its groups, its
// best partners), not by its vector: they held every vector (about 460
// bytes a section of the built-in model).
func TestVectorPairsHoldPagesOfVectors(t *testing.T) {
	const docs, perDoc, dims, page = 2000, 6, 100, 500
	oldPage, oldBudget := vectorPage, vectorBudget
	vectorPage, vectorBudget = page, page*dims*4
	t.Cleanup(func() { vectorPage, vectorBudget = oldPage, oldBudget })
	db, docOf := vectorIndex(t, docs, perDoc, dims, twinVectors(dims, 3))
	ctx := context.Background()
	probe := storetest.NewHeapProbe()
	pairs, ok, err := VectorPairs(probe.Context(ctx), probe.Querier(db), docOf, 0.75)
	if err != nil || !ok || len(pairs) == 0 {
		t.Fatalf("VectorPairs: %d pairs, %v, %v", len(pairs), ok, err)
	}
	n := uint64(docs * perDoc)
	bound := uint64(page*(dims*4+64)+vectorBudget) + 100*n
	t.Logf("%d pairs; live heap grew by %d KB over %d samples (bound %d KB)", len(pairs), probe.Growth()>>10, probe.Samples(), bound>>10)
	if probe.Growth() > bound {
		t.Errorf("VectorPairs held %d KB at once over %d sections, want at most %d KB (a page of %d vectors, a budget of as many and 100 bytes a section)",
			probe.Growth()>>10, n, bound>>10, page)
	}
}
