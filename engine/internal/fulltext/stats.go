package fulltext

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Full-text statistics come from the tables of migration 0008, which
// triggers keep in step with the sections: the corpus totals in one row,
// the length and section count of the candidate documents only, and each
// matched section's length with its match (see scanFTSTerm). A search
// reads nothing else of the corpus, so its cost follows its matches, not
// the index size.

// corpusStats are the corpus totals BM25 needs: the section count and mean
// section length in characters (heading + content), the N and avgdl of
// section BM25, and the same per document for document BM25. Documents
// count those with at least one section.
type corpusStats struct {
	n              int
	avgLen         float64
	docs           int
	avgDocLen      float64
	avgDocSections float64
}

// readCorpusStats reads the totals row.
func readCorpusStats(ctx context.Context, db store.Querier) (corpusStats, error) {
	var n, total, docs int64
	err := db.QueryRowContext(ctx, `SELECT sections, len, documents FROM corpus_lengths WHERE id = 1`).Scan(&n, &total, &docs)
	if err != nil {
		return corpusStats{}, fmt.Errorf("read corpus statistics: %w", err)
	}
	st := corpusStats{n: int(n), docs: int(docs)}
	if n > 0 {
		st.avgLen = float64(total) / float64(n)
	}
	if docs > 0 {
		st.avgDocSections = float64(n) / float64(docs)
		st.avgDocLen = float64(total) / float64(docs)
	}
	return st, nil
}

// docLength is a document's section count and length (sum of its
// sections' lengths).
type docLength struct {
	sections int
	len      int
}

// readDocLengths reads the section count and length of the given
// documents; a document without sections (or deleted) is absent.
func readDocLengths(ctx context.Context, db store.Querier, ids []int64) (map[int64]docLength, error) {
	out := make(map[int64]docLength, len(ids))
	err := sqlbatch.QueryIDs(ctx, db, ids, `SELECT document_id, sections, len FROM document_lengths WHERE document_id IN (%s)`,
		func(rows *sql.Rows) error {
			var id int64
			var d docLength
			if err := rows.Scan(&id, &d.sections, &d.len); err != nil {
				return err
			}
			out[id] = d
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("read document lengths: %w", err)
	}
	return out, nil
}

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
	err = sqlbatch.QueryIDs(ctx, db, need, `SELECT id, document_id, len FROM section_lengths WHERE id IN (%s)`, func(rows *sql.Rows) error {
		var id int64
		var p sectionPlace
		if err := rows.Scan(&id, &p.doc, &p.len); err != nil {
			return err
		}
		got[id] = p
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read section lengths: %w", err)
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
