package suggest

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// TestGroupReadOnceWhenItFitsAPage: a group of at most a page of vectors
// is read once, not a block again for each block before it; a larger one
// a block at a time (each block with itself, then with each later one),
// holding two blocks. Either way every pair is compared once.
func TestGroupReadOnceWhenItFitsAPage(t *testing.T) {
	old := vectorPage
	vectorPage = 8
	t.Cleanup(func() { vectorPage = old })
	db, docs := vectorIndex(t, 20, 1, 4, twinVectors(4, 7))
	ctx := context.Background()
	st, ok, err := vecstore.ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("vector state: %v, %v", ok, err)
	}
	ids := slices.Sorted(maps.Keys(docs))
	for _, c := range []struct {
		size, wantRead int
	}{
		{8, 8},                  // one page: read once (it was read 12 times: 4 + 4, then 4 again)
		{5, 5},                  // less than a page
		{20, blockReads(20, 4)}, // past a page: blocks of 4, 60 reads
	} {
		g := make([]int, c.size)
		for i := range g {
			g[i] = i
		}
		pairs := 0
		cmp := comparer{q: db, st: st, docs: docs, ids: ids, minScore: -2, keep: func(i, j int, _ float64) { pairs++ }}
		if err := cmp.group(ctx, g); err != nil {
			t.Fatal(err)
		}
		if cmp.loaded != c.wantRead {
			t.Errorf("a group of %d with pages of %d: %d vectors read, want %d", c.size, vectorPage, cmp.loaded, c.wantRead)
		}
		if all := c.size * (c.size - 1); pairs != all {
			t.Errorf("a group of %d: %d comparisons kept, want %d (each pair both ways)", c.size, pairs, all)
		}
	}
}

// blockReads is how many vectors a group of n read a block of b at a time
// reads: each block once as the first, and again as the second of each
// block before it.
func blockReads(n, b int) int {
	read := 0
	for a := 0; a < n; a += b {
		for x := a; x < n; x += b {
			read += min(x+b, n) - x
		}
	}
	return read
}
