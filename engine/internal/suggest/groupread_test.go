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

// TestGroupsReadByScans: groups are read by scans of every vector, as
// many consecutive groups a scan as vectorBudget holds (a section in two
// of them read once), and compared as group compares each, in the same
// order; a group larger than the budget is read a block at a time. Until
// 2026-11-28 each group was read by a rowid lookup a section (9–10 s of
// the 35–45 s of suggest-links at 66,510 sections).
func TestGroupsReadByScans(t *testing.T) {
	oldPage, oldBudget := vectorPage, vectorBudget
	t.Cleanup(func() { vectorPage, vectorBudget = oldPage, oldBudget })
	vectorPage = 8
	db, docs := vectorIndex(t, 20, 1, 4, twinVectors(4, 7))
	ctx := context.Background()
	st, ok, err := vecstore.ReadState(ctx, db)
	if err != nil || !ok {
		t.Fatalf("vector state: %v, %v", ok, err)
	}
	ids := slices.Sorted(maps.Keys(docs))
	span := func(a, b int) []int {
		var g []int
		for i := a; i < b; i++ {
			g = append(g, i)
		}
		return g
	}
	type kept struct {
		i, j  int
		score float64
	}
	for _, c := range []struct {
		name      string
		budget    int // vectors
		groups    [][]int
		wantScans int
		wantRead  int // vectors read, by scans and blocks
	}{
		// 0-7 and 4-11 share 4: 12 vectors, one scan; then 8-15 and 12-19
		{"two groups a scan", 12, [][]int{span(0, 8), span(4, 12), span(8, 16), span(12, 20)}, 2, 24},
		{"all in one scan", 20, [][]int{span(0, 8), span(4, 12), span(8, 16), span(12, 20)}, 1, 20},
		// 0-19 exceeds the budget: blocks of 4 (a page of 8)
		{"a group past the budget", 12, [][]int{span(0, 6), span(0, 20), span(14, 20)}, 2, 6 + blockReads(20, 4) + 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			vectorBudget = c.budget * 4 * st.Dims
			var got, want []kept
			scans := &comparer{q: db, st: st, docs: docs, ids: ids, minScore: -2, keep: func(i, j int, s float64) { got = append(got, kept{i, j, s}) }}
			if err := scans.groups(ctx, c.groups); err != nil {
				t.Fatal(err)
			}
			one := &comparer{q: db, st: st, docs: docs, ids: ids, minScore: -2, keep: func(i, j int, s float64) { want = append(want, kept{i, j, s}) }}
			for _, g := range c.groups {
				if err := one.group(ctx, g); err != nil {
					t.Fatal(err)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("kept %d comparisons, group by group %d, or in another order", len(got), len(want))
			}
			if scans.scans != c.wantScans || scans.loaded != c.wantRead {
				t.Errorf("%d scans, %d vectors read; want %d and %d", scans.scans, scans.loaded, c.wantScans, c.wantRead)
			}
		})
	}
}
