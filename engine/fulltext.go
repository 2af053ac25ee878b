package engine

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/params"
)

// FulltextSearch finds sections by keyword. The query is split into terms
// (see package query: Japanese is segmented by script, particles dropped,
// long kanji compounds also matched by their 2-grams); terms of three or more
// characters use the FTS5 trigram index, shorter ones a scan. A
// section ranks by BM25 of its terms scaled by the share of query concepts
// it matches, times its document's title boost. Snippets mark matches as
// ⟦match⟧. TotalFound counts every matching section after the doc_type
// filter.
func (e *Engine) FulltextSearch(ctx context.Context, opts FulltextOptions) (FulltextResult, error) {
	if err := params.Query(opts.Query); err != nil {
		return FulltextResult{}, err
	}
	limit, err := params.Limit(opts.Limit, e.p.Config.Search.DefaultLimit, DefaultSearchLimit, MaxSearchLimit)
	if err != nil {
		return FulltextResult{}, err
	}
	if err := params.DocType(opts.DocType); err != nil {
		return FulltextResult{}, err
	}
	q, err := fulltext.ParseQuery(opts.Query, e.p.Config.Search.Translate)
	if err != nil {
		return FulltextResult{}, err
	}
	var res FulltextResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = e.matcher.Sections(ctx, tx, q, limit, opts.DocType, &e.docs)
		return err
	})
	return res, err
}

// topDocs returns document ids by score, best first, ties by id.
func topDocs(scores map[int64]float64) []int64 {
	ids := make([]int64, 0, len(scores))
	for id := range scores {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b int64) int {
		if c := cmp.Compare(scores[b], scores[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	return ids
}
