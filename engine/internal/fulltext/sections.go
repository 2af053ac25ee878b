package fulltext

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/docmeta"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sectionrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// SnippetRunes is the length of a snippet's text, highlights and "…"
// aside.
const SnippetRunes = 64

// Sections answers FulltextSearch: it ranks the sections matching q (those
// of documents of docType, every type when ""), each by its BM25 evidence
// (Matches.SectionScore) times its document's title factor (equal ranks by
// the document's filepath, then by row), and builds the top limit hits,
// with snippets marking the matches as ⟦match⟧. A section that holds no
// concept of the query, only its bonus 2-grams, is not one of them.
// TotalFound counts every matching section; when a term is in more sections
// than are read of it (Matches.Partial), it is that term's own count for a
// query of one term without docType, else a lower bound
// (TotalFoundLowerBound). The documents' metadata come through docs.
func (mt *Matcher) Sections(ctx context.Context, tx store.Querier, q query.Query, limit int, docType string, docs *docmeta.Cache) (answer.FulltextResult, error) {
	m, err := mt.Match(ctx, tx, q)
	if err != nil {
		return answer.FulltextResult{}, err
	}
	meta := map[int64]*docmeta.Meta{}
	if err := docs.Add(ctx, tx, meta, m.Docs()); err != nil {
		return answer.FulltextResult{}, err
	}
	titleFactor := map[int64]float64{}
	var ranked []sectionrows.Scored
	path := map[int64]string{} // each ranked section's document's filepath
	for _, s := range m.Sections {
		d := meta[s.Doc]
		if d == nil || docType != "" && string(d.DocType) != docType {
			continue
		}
		sc := m.SectionScore(s)
		if sc.Score <= 0 || sc.Matched+sc.Partly == 0 {
			// Only bonus terms (a 2-gram: the スト of テスト in リスト):
			// a bonus is not a match, so not a section found.
			continue
		}
		tf, ok := titleFactor[s.Doc]
		if !ok {
			tf = m.scorer.titleFactor(d.LowerTitle())
			titleFactor[s.Doc] = tf
		}
		ranked = append(ranked, sectionrows.Scored{ID: s.ID, Score: sc.Score * tf})
		path[s.ID] = d.Filepath
	}
	// Equal ranks by page, then by row (a page's rows follow its
	// sections' order): row ids alone put a page indexed later after
	// its twins, where a fresh index of the same files lists it first.
	slices.SortFunc(ranked, func(a, b sectionrows.Scored) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(path[a.ID], path[b.ID]), cmp.Compare(a.ID, b.ID))
	})
	res := answer.FulltextResult{Results: []answer.FulltextHit{}, TotalFound: len(ranked)}
	if m.Partial() {
		// Some term was read by its best rows only: the sections ranked
		// are part of its matches. Its own count is exact for one term
		// without a filter; else what was ranked is a lower bound.
		if n, ok := m.SectionCount(); ok && docType == "" {
			res.TotalFound = n
		} else {
			res.TotalFoundLowerBound = true
		}
	}
	top := ranked[:min(limit, len(ranked))]
	ids := make([]int64, len(top))
	for i, s := range top {
		ids[i] = s.ID
	}
	rows, err := sectionrows.Load(ctx, tx, ids)
	if err != nil {
		return answer.FulltextResult{}, err
	}
	for _, s := range top {
		row := rows[s.ID]
		d := meta[row.Doc]
		hit := answer.FulltextHit{
			SectionID: row.ID,
			DocID:     d.DocID,
			Filepath:  d.Filepath,
			Title:     d.Title,
			Line:      row.StartLine,
			Rank:      answer.RoundScore(s.Score),
		}
		// null, not "", for the text before the first heading (also the
		// later parts of a long one, which have ord > 0).
		if row.Heading != "" {
			h := row.Heading
			hit.SectionHeading = &h
		}
		var at int
		if hit.Snippet, at = query.SnippetLine(row.Content, q.Terms, SnippetRunes); at >= 0 {
			hit.Line = row.StartLine + at
		} else {
			hit.Line = row.StartLine + query.ProseLine(row.Content)
		}
		h, err := answer.MatchHeading(row.Heading, row.Ord, row.Content, at, func(fn func(string) bool) error {
			return sectionrows.PartsBefore(ctx, tx, row, fn)
		})
		if err != nil {
			return answer.FulltextResult{}, err
		}
		if h != "" {
			hit.SectionHeading = &h
		}
		res.Results = append(res.Results, hit)
	}
	return res, nil
}
