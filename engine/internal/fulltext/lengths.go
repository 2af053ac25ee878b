package fulltext

import (
	"context"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
)

// lengthCache keeps, for one search generation (the counter of migration
// 0003, moved by every insert, update and delete of a section or
// document), the lengths of the documents and sections searches read (see
// docLengths, sectionPlaces), filled as searches come, so a warm server
// reads each once per generation and a new process reads only its
// candidates'. Entries never change once added.
type lengthCache struct {
	mu   sync.Mutex
	gen  int64
	lens map[int64]docLength
	secs map[int64]sectionPlace
}

// sectionPlace is a section's document and length (0 document: no such
// section).
type sectionPlace struct {
	doc int64
	len int
}

// at makes the cache current for gen and reports whether it serves gen: a
// newer generation drops what was kept; a reader whose transaction is
// older than the cache gets false and reads without it. mu must be held.
func (h *lengthCache) at(gen int64) bool {
	if h.lens == nil || gen > h.gen {
		h.gen, h.lens, h.secs = gen, map[int64]docLength{}, map[int64]sectionPlace{}
	}
	return h.gen == gen
}

// docLengths is the section count and length of each of ids with
// sections, read once per generation (see lengthCache).
func (mt *Matcher) docLengths(ctx context.Context, db store.Querier, ids []int64) (map[int64]docLength, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return nil, err
	}
	h := &mt.lengths
	out := make(map[int64]docLength, len(ids))
	var need []int64
	h.mu.Lock()
	cached := h.at(gen)
	for _, id := range ids {
		if d, ok := h.lens[id]; ok && cached {
			if d.sections > 0 {
				out[id] = d
			}
			continue
		}
		need = append(need, id)
	}
	h.mu.Unlock()
	if len(need) == 0 {
		return out, nil
	}
	got, err := readDocLengths(ctx, db, need)
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := h.at(gen)
	for _, id := range need {
		d := got[id] // zero: no sections
		if d.sections > 0 {
			out[id] = d
		}
		if keep {
			h.lens[id] = d
		}
	}
	return out, nil
}

// sectionPlaces is the document and length of each of ids, read once
// per generation (see lengthCache); a section that does not exist is
// absent.
func (mt *Matcher) sectionPlaces(ctx context.Context, db store.Querier, ids []int64) (map[int64]sectionPlace, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return nil, err
	}
	h := &mt.lengths
	out := make(map[int64]sectionPlace, len(ids))
	var need []int64
	h.mu.Lock()
	cached := h.at(gen)
	for _, id := range ids {
		if p, ok := h.secs[id]; ok && cached {
			if p.doc != 0 {
				out[id] = p
			}
			continue
		}
		need = append(need, id)
	}
	h.mu.Unlock()
	if len(need) == 0 {
		return out, nil
	}
	got := make(map[int64]sectionPlace, len(need))
	err = ftsrows.SectionLengths(ctx, db, need, func(id, doc int64, length int) {
		got[id] = sectionPlace{doc: doc, len: length}
	})
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := h.at(gen)
	for _, id := range need {
		p := got[id]
		if p.doc != 0 {
			out[id] = p
		}
		if keep {
			h.secs[id] = p
		}
	}
	return out, nil
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
