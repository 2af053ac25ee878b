package fulltext

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// maxTermRows bounds the sections one full-text term reads by its own
// score: its best rows by FTS5's bm25(). A term in more sections than that
// (a common word in a large corpus) adds little to any score, and scoring
// every match made such terms the bulk of a search's cost.
const maxTermRows = 1000

// readFTSTerms reads the terms (indexes into all) that the FTS5 tables
// serve, after every other term. It counts each term's matches first (a
// walk of the index, without scoring; countMatches). A term in at most limit sections
// reads and scores them all. A commoner term is scored only on the
// sections matched so far (matchedSoFar), the rarer terms' and the short
// terms' hits: bm25() then runs on those rows only, instead of on every
// match to sort out the best, which in a corpus of 190,000 sections cost
// 40–60 ms a term. When nothing has matched yet, the rarest common term
// reads its best limit rows and the others are scored on those. set
// receives each term's document frequency; add its hits.
func (mt *Matcher) readFTSTerms(ctx context.Context, db store.Querier, all []query.Term, terms []int, n, limit int,
	matchedSoFar func() []int64, set func(ti, matched int), add func(ti int, id int64, score float64),
) error {
	type counted struct{ ti, matched int }
	var common []counted
	for _, ti := range terms {
		t := all[ti]
		matched, err := mt.countMatches(ctx, db, t)
		if err != nil {
			return fmt.Errorf("full-text search for %q: %w", t.Text, err)
		}
		set(ti, matched)
		switch {
		case matched == 0:
		case matched > limit:
			common = append(common, counted{ti, matched})
		default:
			err = mt.bestFTSHits(ctx, db, t, n, matched, limit, func(id int64, score float64) { add(ti, id, score) })
		}
		if err != nil {
			return fmt.Errorf("full-text search for %q: %w", t.Text, err)
		}
	}
	slices.SortStableFunc(common, func(a, b counted) int { return cmp.Compare(a.matched, b.matched) })
	for _, c := range common {
		t := all[c.ti]
		fn := func(id int64, score float64) { add(c.ti, id, score) }
		var err error
		if only := matchedSoFar(); len(only) > 0 {
			err = mt.commonHits(ctx, db, t, n, c.matched, only, fn)
		} else { // the best rows of the rarest common term
			err = mt.bestFTSHits(ctx, db, t, n, c.matched, limit, fn)
		}
		if err != nil {
			return fmt.Errorf("full-text search for %q: %w", t.Text, err)
		}
	}
	return nil
}

// ftsKey names a term's best rows: its table, its FTS5 expression, the
// word-start check and the number of rows kept.
type ftsKey struct {
	idx       ftsrows.Index
	expr      string
	wordStart bool
	limit     int
}

// bestFTSHits passes on the best limit rows of term t (ftsHits without a
// list of sections), from the matcher's cache (fts) when it has them.
func (mt *Matcher) bestFTSHits(ctx context.Context, db store.Querier, t query.Term, n, matched, limit int, fn func(id int64, score float64)) error {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return err
	}
	key := ftsKey{ftsIndex(t), t.Expr(), t.NeedsWordStart() && !t.WordIndexed(), limit}
	s, ok := mt.fts.get(gen, key)
	if !ok {
		s.df = matched
		err := ftsHits(ctx, db, t, n, matched, limit, nil, func(id int64, score float64) {
			s.best = append(s.best, scoredHit{id: id, score: score})
		})
		if err != nil {
			return err
		}
		mt.fts.put(gen, key, s)
	}
	for _, h := range s.best {
		fn(h.id, h.score)
	}
	return nil
}
