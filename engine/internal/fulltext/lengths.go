package fulltext

import (
	"context"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
)

// lengthCache keeps values by row id for one search generation (the
// counter of migration 0003, moved by every insert, update and delete of a
// section or document): the lengths of the documents and sections searches
// read (see docLengths, sectionPlaces), filled as searches come, so a warm
// server reads each once per generation and a new process reads only its
// candidates'. Entries never change once added.
type lengthCache[V any] struct {
	mu   sync.Mutex
	gen  int64
	vals map[int64]V
}

// at makes the cache current for gen and reports whether it serves gen: a
// newer generation drops what was kept; a reader whose transaction is
// older than the cache gets false and reads without it. mu must be held.
func (c *lengthCache[V]) at(gen int64) bool {
	if c.vals == nil || gen > c.gen {
		c.gen, c.vals = gen, map[int64]V{}
	}
	return c.gen == gen
}

// get returns the values of ids at generation gen: those kept, and the
// others from read (an id read returns no value for is kept as the zero
// value). A value that exists reports false for (a row that does not
// exist) is left out of the answer.
func (c *lengthCache[V]) get(gen int64, ids []int64, exists func(V) bool, read func(need []int64) (map[int64]V, error)) (map[int64]V, error) {
	out := make(map[int64]V, len(ids))
	var need []int64
	c.mu.Lock()
	cached := c.at(gen)
	for _, id := range ids {
		if v, ok := c.vals[id]; ok && cached {
			if exists(v) {
				out[id] = v
			}
			continue
		}
		need = append(need, id)
	}
	c.mu.Unlock()
	if len(need) == 0 {
		return out, nil
	}
	got, err := read(need)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	keep := c.at(gen)
	for _, id := range need {
		v := got[id]
		if exists(v) {
			out[id] = v
		}
		if keep {
			c.vals[id] = v
		}
	}
	return out, nil
}

// drop lets go of everything kept.
func (c *lengthCache[V]) drop() {
	c.mu.Lock()
	c.vals = nil
	c.mu.Unlock()
}

// sectionPlace is a section's document and length (0 document: no such
// section).
type sectionPlace struct {
	doc int64
	len int
}

// docLengths is the section count and length of each of ids with
// sections, read once per generation (see lengthCache).
func (mt *Matcher) docLengths(ctx context.Context, db store.Querier, ids []int64) (map[int64]docLength, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return nil, err
	}
	return mt.docLens.get(gen, ids, func(d docLength) bool { return d.sections > 0 },
		func(need []int64) (map[int64]docLength, error) { return readDocLengths(ctx, db, need) })
}

// sectionPlaces is the document and length of each of ids, read once
// per generation (see lengthCache); a section that does not exist is
// absent.
func (mt *Matcher) sectionPlaces(ctx context.Context, db store.Querier, ids []int64) (map[int64]sectionPlace, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return nil, err
	}
	return mt.secPlaces.get(gen, ids, func(p sectionPlace) bool { return p.doc != 0 },
		func(need []int64) (map[int64]sectionPlace, error) {
			got := make(map[int64]sectionPlace, len(need))
			err := ftsrows.SectionLengths(ctx, db, need, func(id, doc int64, length int) {
				got[id] = sectionPlace{doc: doc, len: length}
			})
			return got, err
		})
}

// placeSections sets the document and length of every matched section and
// drops those that no longer exist.
func (mt *Matcher) placeSections(ctx context.Context, db store.Querier, secs map[int64]*Section) error {
	ids := make([]int64, 0, len(secs))
	for id := range secs {
		ids = append(ids, id)
	}
	places, err := mt.sectionPlaces(ctx, db, ids)
	if err != nil {
		return err
	}
	for id, s := range secs {
		p, ok := places[id]
		if !ok {
			delete(secs, id)
			continue
		}
		s.Doc, s.Len = p.doc, p.len
	}
	return nil
}
