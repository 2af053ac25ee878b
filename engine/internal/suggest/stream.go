package suggest

import (
	"context"
	"errors"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

// vectorPage is how many vectors VectorPairs holds at a time (a variable
// so that tests can make it small).
var vectorPage = 4096

// errVectorsChanged says the vectors changed between two reads of one
// call (a caller that did not read in one transaction).
var errVectorsChanged = errors.New("link suggestions: the section vectors changed while they were read; run the command again")

// streamedBuckets is bucketsOf over the vectors of the sections ids (in
// section id order, those VectorPairs compares), read a page at a time:
// the same centres and the same groups, holding the centres and one page.
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
	i := 0
	err = vecstore.SectionVectorPages(ctx, q, st, vectorPage, func(page []vecstore.SectionVector) error {
		for _, sv := range page {
			if _, ok := docs[sv.SectionID]; !ok {
				continue
			}
			if i >= len(ids) || ids[i] != sv.SectionID {
				return errVectorsChanged
			}
			b.add(i, sv.Vector)
			i++
		}
		return ctx.Err()
	})
	if err != nil {
		return nil, err
	}
	if i != len(ids) {
		return nil, errVectorsChanged
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
	loaded   int // vectors read (load), for tests
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
	block := max(1, vectorPage/2)
	var whole []groupVector // the group read at once, when it fits a page
	if len(g) <= vectorPage {
		var err error
		if whole, err = c.load(ctx, g); err != nil {
			return err
		}
	}
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
