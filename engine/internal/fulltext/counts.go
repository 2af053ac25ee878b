package fulltext

import (
	"context"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/ftsrows"
	"github.com/ubp-dev/ubp/engine/query"
)

// countCache keeps, for one search generation, the document frequency of
// the FTS5 terms searches counted, up to maxCachedCounts terms, so that a
// warm server walks a common term's matches to count them once per index
// change instead of once per search.
type countCache struct {
	mu     sync.Mutex
	gen    int64
	counts map[countKey]int
}

// countKey names a count: the table and the FTS5 expression.
type countKey struct {
	idx  ftsrows.Index
	expr string
}

// maxCachedCounts bounds countCache (a term and a number each).
const maxCachedCounts = 50_000

// countMatches is the number of sections term t matches, through the
// cache.
func (mt *Matcher) countMatches(ctx context.Context, db store.Querier, t query.Term) (int, error) {
	gen, err := store.SearchGeneration(ctx, db)
	if err != nil {
		return 0, err
	}
	k := countKey{ftsIndex(t), t.Expr()}
	c := &mt.counts
	c.mu.Lock()
	if c.counts == nil || gen > c.gen {
		c.gen, c.counts = gen, map[countKey]int{}
	}
	n, ok := c.counts[k]
	cached := ok && c.gen == gen
	c.mu.Unlock()
	if cached {
		return n, nil
	}
	if n, err = ftsrows.CountMatches(ctx, db, k.idx, k.expr); err != nil {
		return 0, err
	}
	c.mu.Lock()
	if c.gen == gen && len(c.counts) < maxCachedCounts {
		c.counts[k] = n
	}
	c.mu.Unlock()
	return n, nil
}
