package fulltext

import "sync"

// termScan is what one term passes on: its best sections, best first, and
// how many sections it matches.
type termScan struct {
	best []scoredHit
	df   int
}

// scanCache keeps the scans of the terms searches asked for, for one
// search generation (the scores depend on the corpus statistics, fixed
// within one), up to maxCachedHits sections in all, so that a warm server
// scores a common term once per index change. A scan keeps its best
// sections only, so the cache holds many terms however large the corpus.
type scanCache[K comparable] struct {
	mu    sync.Mutex
	gen   int64
	terms map[K]termScan
	size  int
}

// maxCachedHits bounds each scanCache: 24 bytes a section, 12 MB.
const maxCachedHits = 500_000

// get returns the cached scan of k at generation gen.
func (c *scanCache[K]) get(gen int64, k K) (termScan, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || c.gen != gen {
		return termScan{}, false
	}
	s, ok := c.terms[k]
	return s, ok
}

// room reports whether a scan of n sections made at generation gen would
// be kept.
func (c *scanCache[K]) room(gen int64, n int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || gen > c.gen {
		return n <= maxCachedHits
	}
	return gen == c.gen && c.size+n <= maxCachedHits
}

// put keeps the scan of k made at generation gen, unless a later
// generation has been seen or the cache is full; a newer generation
// empties it first.
func (c *scanCache[K]) put(gen int64, k K, s termScan) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || gen > c.gen {
		c.gen, c.terms, c.size = gen, map[K]termScan{}, 0
	}
	if c.gen == gen && c.size+len(s.best) <= maxCachedHits {
		c.terms[k] = s
		c.size += len(s.best)
	}
}

// drop lets go of everything kept.
func (c *scanCache[K]) drop() {
	c.mu.Lock()
	c.terms = nil
	c.mu.Unlock()
}
