package engine

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/ubp-dev/ubp/engine/sqlbatch"
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
func readCorpusStats(ctx context.Context, db querier) (corpusStats, error) {
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
func readDocLengths(ctx context.Context, db querier, ids []int64) (map[int64]docLength, error) {
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

// docMetaCache keeps every document's metadata for the views that show
// the whole graph (get_graph, suggestions, context), valid for one search
// generation (the counter of migration 0003, moved by every insert, update
// and delete of a section or document). Search itself reads the metadata
// of its candidates only (loadDocMetas).
type docMetaCache struct {
	mu   sync.Mutex
	gen  int64
	meta map[int64]*docMeta
}

// docMetas is every document's metadata, read again when documents or
// sections changed since the last read. The map and its entries are
// shared: read only. A reader whose transaction is older than the kept
// map reads its own without keeping it.
func (e *Engine) docMetas(ctx context.Context, db querier) (map[int64]*docMeta, error) {
	var gen int64
	if err := db.QueryRowContext(ctx, `SELECT n FROM search_generation WHERE id = 1`).Scan(&gen); err != nil {
		return nil, fmt.Errorf("read search generation: %w", err)
	}
	h := &e.search
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.meta != nil && h.gen == gen {
		return h.meta, nil
	}
	meta, err := loadDocMeta(ctx, db, nil)
	if err != nil {
		return nil, err
	}
	if h.meta == nil || gen > h.gen {
		h.meta, h.gen = meta, gen
	}
	return meta, nil
}
