package answer

import (
	"container/list"
	"crypto/sha256"
	"sync"

	"github.com/ubp-dev/ubp/index"
)

// Bounds of the heading cache: bodies shorter than headingCacheMinBody are
// parsed every time (well under a millisecond); at most
// headingCacheEntries bodies and headingCacheHeadings headings in all are
// kept, the least recently outlined going first.
const (
	headingCacheMinBody  = 16 << 10
	headingCacheEntries  = 64
	headingCacheHeadings = 100000
)

// headings is the process's heading cache: Page.Outline of a long page,
// read window by window (ubp_get_page, get-page --section), parsed the
// same body on every call (about 70% of a call on a 3 MB page).
var headings = newHeadingCache(headingCacheEntries, headingCacheHeadings)

// headingCache keeps index.Headings of the bodies outlined last, keyed by
// the SHA-256 of the body: a body that changed in any way is parsed
// again, and one seen before gives the very headings its parse gave.
type headingCache struct {
	mu          sync.Mutex
	maxEntries  int
	maxHeadings int
	held        int                        // headings in all entries
	order       *list.List                 // of *headingEntry, most recent first
	byKey       map[[32]byte]*list.Element // into order
}

type headingEntry struct {
	key      [32]byte
	headings []index.Heading
}

func newHeadingCache(maxEntries, maxHeadings int) *headingCache {
	return &headingCache{maxEntries: maxEntries, maxHeadings: maxHeadings, order: list.New(), byKey: map[[32]byte]*list.Element{}}
}

// of is index.Headings(body), from the cache when the body was outlined
// before. Callers must not modify the slice.
func (c *headingCache) of(body string) []index.Heading {
	if len(body) < headingCacheMinBody {
		return index.Headings(body)
	}
	key := bodyKey(body)
	c.mu.Lock()
	if el, ok := c.byKey[key]; ok {
		c.order.MoveToFront(el)
		hs := el.Value.(*headingEntry).headings
		c.mu.Unlock()
		return hs
	}
	c.mu.Unlock()
	// Parsed outside the lock: two calls may parse one body at once, and
	// both keep the same headings.
	hs := index.Headings(body)
	c.add(key, hs)
	return hs
}

// add keeps hs under key, dropping the least recently used entries past
// the bounds; headings more than the bound allows are not kept.
func (c *headingCache) add(key [32]byte, hs []index.Heading) {
	if len(hs) > c.maxHeadings {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok {
		return
	}
	c.byKey[key] = c.order.PushFront(&headingEntry{key: key, headings: hs})
	c.held += len(hs)
	for c.order.Len() > c.maxEntries || c.held > c.maxHeadings {
		last := c.order.Back()
		e := last.Value.(*headingEntry)
		c.order.Remove(last)
		delete(c.byKey, e.key)
		c.held -= len(e.headings)
	}
}

// bodyKey is the SHA-256 of body, hashed a chunk at a time: not a copy of
// a body of megabytes on every call.
func bodyKey(body string) [32]byte {
	h := sha256.New()
	var buf [32 << 10]byte
	for len(body) > 0 {
		n := copy(buf[:], body)
		h.Write(buf[:n])
		body = body[n:]
	}
	var key [32]byte
	h.Sum(key[:0])
	return key
}
