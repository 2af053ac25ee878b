package vecstore

import "sync/atomic"

// heldCount counts the vectors a rewrite of the vector index holds in
// memory at once: take when it reads them, drop when it lets them go. Its
// peak is what TestRewriteHoldsOnePage checks against reprojectPage.
type heldCount struct{ now, peak atomic.Int64 }

// held is the count of the rewrites of this process.
var held heldCount

func (h *heldCount) take(n int) {
	v := h.now.Add(int64(n))
	for {
		p := h.peak.Load()
		if v <= p || h.peak.CompareAndSwap(p, v) {
			return
		}
	}
}

func (h *heldCount) drop(n int) { h.now.Add(-int64(n)) }

// reset starts a new count (for tests).
func (h *heldCount) reset() {
	h.now.Store(0)
	h.peak.Store(0)
}
