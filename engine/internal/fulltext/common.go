package fulltext

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// A common term (in more than maxTermRows sections) is scored only on the
// sections the rarer terms matched (readFTSTerms). FTS5 answers that by
// walking all of the term's matches, and bm25() walks them again to count
// them, on every search. A warm server that meets the same common term
// again keeps its bm25() of every section it matches, for the search
// generation, and looks the candidates up there: the same scores, without
// the walks. Only a term's second search in a generation scores every
// match (which costs more than scoring the candidates), so that a single
// search, as a CLI process makes, pays nothing for a cache it will not use.

// commonScores keeps, per search generation, every section a common FTS5
// term matches with its bm25() (by section id), within maxCachedHits
// sections, and the terms met once.
type commonScores struct {
	rows scanCache[countKey]
	mu   sync.Mutex
	gen  int64
	met  map[countKey]bool
}

// metBefore records that key was scored at generation gen and reports
// whether it had been before (at most maxCachedCounts terms are recorded).
func (c *commonScores) metBefore(gen int64, key countKey) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.met == nil || gen > c.gen {
		c.gen, c.met = gen, map[countKey]bool{}
	}
	if gen != c.gen {
		return false
	}
	if c.met[key] {
		return true
	}
	if len(c.met) < maxCachedCounts {
		c.met[key] = true
	}
	return false
}

// drop lets go of everything kept.
func (c *commonScores) drop() {
	c.rows.drop()
	c.mu.Lock()
	c.met = nil
	c.mu.Unlock()
}

// commonHits passes on the hits of common term t among the sections only
// (ftsHits with only), from the scores kept of every section t matches
// when there are, else reading them all if t was met before in this
// generation and they fit in the cache, else scoring only those sections
// (ftsrows.ScoreOn).
func (mt *Matcher) commonHits(ctx context.Context, db store.Querier, t query.Term, n, matched int, only []int64, fn func(id int64, score float64)) error {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return err
	}
	key := countKey{ftsIndex(t), t.Expr()}
	s, ok := mt.common.rows.get(gen, key)
	if !ok && mt.common.rows.room(gen, matched) && mt.common.metBefore(gen, key) {
		all, err := ftsrows.AllRows(ctx, db, key.idx, key.expr, headingWeight)
		if err != nil {
			return err
		}
		s = termScan{df: matched, best: make([]scoredHit, len(all))}
		for i, h := range all {
			s.best[i] = scoredHit{id: h.ID, score: h.Score}
		}
		slices.SortFunc(s.best, func(a, b scoredHit) int { return cmp.Compare(a.id, b.id) })
		mt.common.rows.put(gen, key, s)
		ok = true
	}
	if !ok {
		return ftsHits(ctx, db, t, n, matched, 0, only, fn)
	}
	var hits []ftsrows.Scored
	for _, id := range only {
		if i, found := slices.BinarySearchFunc(s.best, id, func(h scoredHit, id int64) int { return cmp.Compare(h.id, id) }); found {
			hits = append(hits, ftsrows.Scored{ID: id, Score: s.best[i].score})
		}
	}
	return passHits(ctx, db, t, n, matched, hits, fn)
}
