package suggest

import (
	"context"
	"errors"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// vectorPage is how many vectors VectorPairs holds at a time (a variable
// so that tests can make it small).
var vectorPage = 4096

// errVectorsChanged says the vectors changed between two reads of one
// call (a caller that did not read in one transaction).
var errVectorsChanged = errors.New("link suggestions: the section vectors changed while they were read; run the command again")

// vectorBudget is how many bytes of vectors VectorPairs holds at once to
// compare groups (a variable so that tests can make it small): it reads
// the vectors of as many consecutive groups as fit it by one scan of
// every vector (vecstore.ScanSectionVectors), where reading each group's
// took a rowid lookup a section (9–10 s at 66,510 sections). At 100
// dimensions 16 MiB is 41,943 vectors: the 66,510 sections of 10,000
// documents (each in two groups) take two scans. 64 MiB (one scan) held
// 26 MB more, which a read command's collector target (GOGC 400) made
// about 100 MB more at its peak.
var vectorBudget = 16 << 20

// indexOf is the index in ids (ascending) of the section id, or -1.
func indexOf(ids []int64, id int64) int {
	if i, ok := slices.BinarySearch(ids, id); ok {
		return i
	}
	return -1
}

// streamedBuckets is bucketsOf over the vectors of the sections ids (in
// section id order, those VectorPairs compares), read in one scan: the
// same centres and the same groups, holding the centres and each
// section's two nearest (the groups are filled in the order of ids once
// every section's are known).
func streamedBuckets(ctx context.Context, q store.Querier, st vecstore.State, docs map[int64]int64, ids []int64) ([][]int, error) {
	k := bucketCount(len(ids))
	at := make([]int64, k)
	for c := range at {
		at[c] = ids[centreAt(c, len(ids), k)]
	}
	cv, err := vecstore.SectionVectorsOf(ctx, q, st, at)
	if err != nil {
		return nil, err
	}
	if len(cv) != k {
		return nil, errVectorsChanged
	}
	centres := make([][]float32, k)
	for c := range cv {
		centres[c] = cv[c].Vector
	}
	b := newBuckets(centres)
	near := make([][2]int32, len(ids)) // each section's two nearest centres; -1 for none
	seen := 0
	for i := range near {
		near[i] = [2]int32{-1, -1}
	}
	err = vecstore.ScanSectionVectors(ctx, q, st, func(id int64, v []float32) error {
		i := indexOf(ids, id)
		if i < 0 {
			if _, ok := docs[id]; ok {
				return errVectorsChanged
			}
			return nil
		}
		if near[i][0] >= 0 {
			return errVectorsChanged // read twice
		}
		best, second := b.nearest(v)
		near[i] = [2]int32{int32(best), int32(second)} //nolint:gosec // a centre, one per bucketSize sections
		if seen++; seen%256 == 0 {
			return ctx.Err()
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if seen != len(ids) {
		return nil, errVectorsChanged
	}
	for i, p := range near {
		b.put(i, int(p[0]), int(p[1]))
	}
	return b.groups, nil
}

// comparer compares the sections of a group (indexes into ids) two by
// two, calling keep(i, j, cosine) and keep(j, i, cosine) for each pair
// of different documents at minScore or more, i before j in the group,
// in the order comparing the whole group at once would: for each section,
// its partners in the order of the group.
type comparer struct {
	q        store.Querier
	st       vecstore.State
	docs     map[int64]int64
	ids      []int64
	minScore float64
	keep     func(i, j int, score float64)
	rows     int
	loaded   int // vectors read (load, readScan), for tests
	scans    int // scans of every vector (readScan), for tests
}

// groupVector is a section of a group with its document and vector.
type groupVector struct {
	i   int
	doc int64
	v   []float32
}

// group compares the sections of g a block of half a page against another:
// each block with itself, then with each block after it, so that at most
// two blocks (a page of vectors) are held at once. A group of at most a
// page is read once, not a block again for each block before it.
func (c *comparer) group(ctx context.Context, g []int) error {
	var whole []groupVector // the group read at once, when it fits a page
	if len(g) <= vectorPage {
		var err error
		if whole, err = c.load(ctx, g); err != nil {
			return err
		}
	}
	return c.groupOf(ctx, g, whole)
}

// groupOf is group with the group's vectors whole, when they were read
// (nil: read a block at a time).
func (c *comparer) groupOf(ctx context.Context, g []int, whole []groupVector) error {
	block := max(1, vectorPage/2)
	blockAt := func(b int) ([]groupVector, error) {
		end := min(b+block, len(g))
		if whole != nil {
			return whole[b:end], nil
		}
		return c.load(ctx, g[b:end])
	}
	for a := 0; a < len(g); a += block {
		first, err := blockAt(a)
		if err != nil {
			return err
		}
		for x := range first {
			if err := c.tick(ctx); err != nil {
				return err
			}
			c.compare(first[x], first[x+1:])
		}
		for b := a + block; b < len(g); b += block {
			second, err := blockAt(b)
			if err != nil {
				return err
			}
			for _, p := range first {
				if err := c.tick(ctx); err != nil {
					return err
				}
				c.compare(p, second)
			}
		}
	}
	return nil
}

// groups compares the sections of each group of gs, in order, as group
// does, reading the vectors of as many consecutive groups as
// vectorBudget holds by one scan of every vector (readScan); a group
// larger than that alone is read a block at a time (group).
func (c *comparer) groups(ctx context.Context, gs [][]int) error {
	perScan := max(1, vectorBudget/(4*max(1, c.st.Dims)))
	slot := make([]int32, len(c.ids)) // a section's place among the vectors read, or -1
	for i := range slot {
		slot[i] = -1
	}
	var arena []float32
	for g0 := 0; g0 < len(gs); {
		if len(gs[g0]) > perScan {
			if err := c.group(ctx, gs[g0]); err != nil {
				return err
			}
			g0++
			continue
		}
		// the next groups whose sections' vectors fit perScan together
		var members []int
		g1 := g0
		for ; g1 < len(gs) && len(gs[g1]) <= perScan; g1++ {
			fresh := 0
			for _, i := range gs[g1] {
				if slot[i] < 0 {
					fresh++
				}
			}
			if len(members)+fresh > perScan {
				break
			}
			for _, i := range gs[g1] {
				if slot[i] < 0 {
					slot[i] = int32(len(members)) //nolint:gosec // at most perScan
					members = append(members, i)
				}
			}
		}
		var err error
		if arena, err = c.readScan(ctx, slot, len(members), arena); err != nil {
			return err
		}
		dims := c.st.Dims
		for _, g := range gs[g0:g1] {
			whole := make([]groupVector, len(g))
			for k, i := range g {
				s := int(slot[i])
				whole[k] = groupVector{i: i, doc: c.docs[c.ids[i]], v: arena[s*dims : (s+1)*dims : (s+1)*dims]}
			}
			if err := c.groupOf(ctx, g, whole); err != nil {
				return err
			}
		}
		for _, i := range members {
			slot[i] = -1
		}
		g0 = g1
	}
	return nil
}

// readScan reads, by one scan of every vector, the vectors of the n
// sections with a slot (indexes into ids) into arena (reused when large
// enough), each at its slot.
func (c *comparer) readScan(ctx context.Context, slot []int32, n int, arena []float32) ([]float32, error) {
	dims := c.st.Dims
	if cap(arena) < n*dims {
		arena = make([]float32, n*dims)
	}
	arena = arena[:n*dims]
	got, rows := 0, 0
	err := vecstore.ScanSectionVectors(ctx, c.q, c.st, func(id int64, v []float32) error {
		if rows++; rows%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		i := indexOf(c.ids, id)
		if i < 0 {
			if _, ok := c.docs[id]; ok {
				return errVectorsChanged // a vector the ids did not have
			}
			return nil
		}
		s := int(slot[i])
		if s < 0 {
			return nil
		}
		if len(v) != dims {
			return errVectorsChanged
		}
		copy(arena[s*dims:(s+1)*dims], v)
		got++
		return nil
	})
	if err != nil {
		return nil, err
	}
	if got != n {
		return nil, errVectorsChanged
	}
	c.loaded += n
	c.scans++
	return arena, nil
}

// compare compares p with each of others, p first.
func (c *comparer) compare(p groupVector, others []groupVector) {
	for _, o := range others {
		if p.doc == o.doc {
			continue
		}
		if dot := cosine(p.v, o.v); dot >= c.minScore {
			c.keep(p.i, o.i, dot)
			c.keep(o.i, p.i, dot)
		}
	}
}

// tick checks ctx every 256 rows compared.
func (c *comparer) tick(ctx context.Context) error {
	c.rows++
	if c.rows%256 == 0 {
		return ctx.Err()
	}
	return nil
}

// load reads the vectors of the sections idx (indexes into ids, in order).
func (c *comparer) load(ctx context.Context, idx []int) ([]groupVector, error) {
	want := make([]int64, len(idx))
	for k, i := range idx {
		want[k] = c.ids[i]
	}
	got, err := vecstore.SectionVectorsOf(ctx, c.q, c.st, want)
	if err != nil {
		return nil, err
	}
	if len(got) != len(idx) {
		return nil, errVectorsChanged
	}
	c.loaded += len(got)
	out := make([]groupVector, len(idx))
	for k, sv := range got {
		if sv.SectionID != want[k] {
			return nil, errVectorsChanged
		}
		out[k] = groupVector{i: idx[k], doc: c.docs[sv.SectionID], v: sv.Vector}
	}
	return out, nil
}
