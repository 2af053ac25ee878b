package engine

import (
	"cmp"
	"context"
	"database/sql"
	"slices"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/params"
	"github.com/ubp-dev/ubp/engine/internal/sectionrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// snippetRunes is the length of a snippet's text, highlights and "…" aside.
const snippetRunes = 64

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
	q, err := e.parseQuery(opts.Query)
	if err != nil {
		return FulltextResult{}, err
	}
	var res FulltextResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		res, err = e.fulltextSections(ctx, tx, q, limit, opts.DocType)
		return err
	})
	return res, err
}

// fulltextSections ranks the matching sections of q and builds the top
// limit hits.
func (e *Engine) fulltextSections(ctx context.Context, tx querier, q query.Query, limit int, docType string) (FulltextResult, error) {
	m, err := e.matchFulltext(ctx, tx, q)
	if err != nil {
		return FulltextResult{}, err
	}
	meta := map[int64]*docmeta.Meta{}
	if err := e.docs.Add(ctx, tx, meta, m.docs()); err != nil {
		return FulltextResult{}, err
	}
	titleFactor := map[int64]float64{}
	var ranked []sectionrows.Scored
	for _, s := range m.Sections {
		d := meta[s.Doc]
		if d == nil || docType != "" && string(d.DocType) != docType {
			continue
		}
		sc := m.SectionScore(s)
		if sc.Score <= 0 {
			continue
		}
		tf, ok := titleFactor[s.Doc]
		if !ok {
			tf = m.scorer.titleFactor(d.LowerTitle())
			titleFactor[s.Doc] = tf
		}
		ranked = append(ranked, sectionrows.Scored{ID: s.ID, Score: sc.Score * tf})
	}
	sectionrows.Sort(ranked)
	res := FulltextResult{Results: []FulltextHit{}, TotalFound: len(ranked)}
	top := ranked[:min(limit, len(ranked))]
	ids := make([]int64, len(top))
	for i, s := range top {
		ids[i] = s.ID
	}
	rows, err := sectionrows.Load(ctx, tx, ids)
	if err != nil {
		return FulltextResult{}, err
	}
	for _, s := range top {
		row := rows[s.ID]
		d := meta[row.Doc]
		hit := FulltextHit{
			SectionID: row.ID,
			DocID:     d.DocID,
			Filepath:  d.Filepath,
			Title:     d.Title,
			Snippet:   query.Snippet(row.Content, q.Terms, snippetRunes),
			Line:      row.StartLine,
			Rank:      answer.RoundScore(s.Score),
		}
		if row.Ord > 0 || row.Heading != "" {
			h := row.Heading
			hit.SectionHeading = &h
		}
		res.Results = append(res.Results, hit)
	}
	return res, nil
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
