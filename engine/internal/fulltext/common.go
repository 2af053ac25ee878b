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
// the walks. Reading every score costs more than scoring the candidates,
// so no search waits for it: the term's second search in a generation asks
// the Matcher's Background to read them, one term at a time, and answers
// as the first did. A single search, as a CLI process makes, never pays
// for a cache it will not use.

// Background runs fn later, in a read transaction of its own, and reports
// whether it will (not once the engine is closing); the Matcher then keeps
// what fn read.
type Background func(fn func(ctx context.Context, db store.Querier) error) bool

// commonScores keeps, per search generation, every section a common FTS5
// term matches with its bm25() (by section id), within maxCommonHits
// sections, and the terms met once.
type commonScores struct {
	rows scanCache[countKey, commonRows]
	mu   sync.Mutex
	gen  int64
	met  map[countKey]bool
	busy bool // a background read is under way
}

// commonRows is a common term's bm25() of every section it matches, in
// section id order: 16 bytes a section, against a termScan's 24.
type commonRows struct {
	ids    []int64
	scores []float64
}

func (r commonRows) sections() int { return len(r.ids) }

func (commonRows) cacheLimit() int { return maxCommonHits }

// maxCommonHits bounds the common terms' scores: 16 MB. The 60 scale
// queries at 10,000 documents meet common terms of about 730,000 sections
// in all; with 500,000, a sixth of their searches scored a term on its
// candidates in every round.
const maxCommonHits = 1_000_000

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

// start claims the one background read; false when one is under way.
func (c *commonScores) start() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.busy {
		return false
	}
	c.busy = true
	return true
}

// done releases the background read.
func (c *commonScores) done() {
	c.mu.Lock()
	c.busy = false
	c.mu.Unlock()
}

// drop lets go of everything kept.
func (c *commonScores) drop() {
	c.rows.drop()
	c.mu.Lock()
	c.met = nil
	c.mu.Unlock()
}

// commonHits passes on the hits of common term t among the sections only
// (ftsHits with only): from the scores kept of every section t matches
// when there are, else by scoring only those sections (ftsrows.ScoreOn);
// when t was met before in this generation, the Matcher's Background then
// reads and keeps all its scores, if they fit in the cache and no other
// read is under way.
func (mt *Matcher) commonHits(ctx context.Context, db store.Querier, t query.Term, n, matched int, only []int64, fn func(id int64, score float64)) error {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return err
	}
	key := countKey{ftsIndex(t), t.Expr()}
	if s, ok := mt.common.rows.get(gen, key); ok {
		var hits []ftsrows.Scored
		for _, id := range only {
			if i, found := slices.BinarySearch(s.ids, id); found {
				hits = append(hits, ftsrows.Scored{ID: id, Score: s.scores[i]})
			}
		}
		return passHits(ctx, db, t, n, matched, hits, fn)
	}
	if mt.Background != nil && mt.common.rows.room(gen, matched) && mt.common.metBefore(gen, key) && mt.common.start() {
		scheduled := mt.Background(func(ctx context.Context, db store.Querier) error {
			defer mt.common.done()
			return mt.keepCommonScores(ctx, db, key, gen)
		})
		if !scheduled {
			mt.common.done()
		}
	}
	return ftsHits(ctx, db, t, n, matched, 0, only, fn)
}

// keepCommonScores reads every bm25() of the term key names and keeps
// them for generation gen, unless the index has changed since.
func (mt *Matcher) keepCommonScores(ctx context.Context, db store.Querier, key countKey, gen int64) error {
	now, err := store.SearchGeneration(ctx, db)
	if err != nil || now != gen {
		return err
	}
	all, err := ftsrows.AllRows(ctx, db, key.idx, key.expr, headingWeight)
	if err != nil {
		return err
	}
	slices.SortFunc(all, func(a, b ftsrows.Scored) int { return cmp.Compare(a.ID, b.ID) })
	s := commonRows{ids: make([]int64, len(all)), scores: make([]float64, len(all))}
	for i, h := range all {
		s.ids[i], s.scores[i] = h.ID, h.Score
	}
	mt.common.rows.put(gen, key, s)
	return nil
}
