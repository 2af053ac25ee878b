package fulltext

import "sync"

// termScan is what one term passes on: its best sections, best first, and
// how many sections it matches.
type termScan struct {
	best []scoredHit
	df   int
}

// sized is what a scanCache holds: a value that knows how many sections
// it keeps, and how many sections of its kind a cache may keep in all.
type sized interface {
	sections() int
	cacheLimit() int
}

func (s termScan) sections() int { return len(s.best) }

func (termScan) cacheLimit() int { return maxCachedHits }

// scanCache keeps the scans of the terms searches asked for, for one
// search generation (the scores depend on the corpus statistics, fixed
// within one), up to its values' cacheLimit sections in all, so that a warm server
// scores a common term once per index change. A scan keeps its best
// sections only, so the cache holds many terms however large the corpus.
type scanCache[K comparable, V sized] struct {
	mu    sync.Mutex
	gen   int64
	terms map[K]V
	size  int
}

// maxCachedHits bounds a scanCache of termScans: 24 bytes a section,
// 12 MB.
const maxCachedHits = 500_000

// max is the cache's bound in sections.
func (c *scanCache[K, V]) max() int {
	var zero V
	return zero.cacheLimit()
}

// get returns the cached scan of k at generation gen.
func (c *scanCache[K, V]) get(gen int64, k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || c.gen != gen {
		var zero V
		return zero, false
	}
	s, ok := c.terms[k]
	return s, ok
}

// room reports whether a scan of n sections made at generation gen would
// be kept.
func (c *scanCache[K, V]) room(gen int64, n int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || gen > c.gen {
		return n <= c.max()
	}
	return gen == c.gen && c.size+n <= c.max()
}

// put keeps the scan of k made at generation gen, unless a later
// generation has been seen or the cache is full; a newer generation
// empties it first.
func (c *scanCache[K, V]) put(gen int64, k K, s V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.terms == nil || gen > c.gen {
		c.gen, c.terms, c.size = gen, map[K]V{}, 0
	}
	if n := s.sections(); c.gen == gen && c.size+n <= c.max() {
		c.terms[k] = s
		c.size += n
	}
}

// drop lets go of everything kept.
func (c *scanCache[K, V]) drop() {
	c.mu.Lock()
	c.terms = nil
	c.mu.Unlock()
}
