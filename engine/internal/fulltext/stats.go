package fulltext

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
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
	t, err := ftsrows.ReadCorpusTotals(ctx, db)
	if err != nil {
		return corpusStats{}, err
	}
	n, total, docs := t.Sections, t.Len, t.Documents
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
	err := ftsrows.DocumentLengths(ctx, db, ids, func(id int64, sections, length int) {
		out[id] = docLength{sections: sections, len: length}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
