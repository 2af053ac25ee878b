package answer

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// jsonSize is the length of v as compact JSON without HTML escaping.
func jsonSize(v any) (int, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return 0, fmt.Errorf("measure context: %w", err)
	}
	return b.Len() - 1, nil // Encode adds a newline
}

// NeighbourSize is what neighbour n adds to a result's JSON (see Fit).
func NeighbourSize(n ContextNeighbour) (int, error) {
	s, err := jsonSize(n)
	return s + 1, err // and a comma
}

// Size is the length of res as compact JSON without HTML escaping.
func (res ContextResult) Size() (int, error) { return jsonSize(res) }

// measure is the size of res with TotalSize set to it: its own digits
// count.
func (res ContextResult) measure() (int, error) {
	n, err := jsonSize(res)
	if err != nil {
		return 0, err
	}
	for {
		res.TotalSize = n
		m, err := jsonSize(res)
		if err != nil || m == n {
			return m, err
		}
		n = m
	}
}

// Fit makes the JSON of res (compact, no HTML escaping) fit maxSize and
// sets TotalSize. When the centre and its neighbours do not fit together,
// each has at least half of the room the other fields leave: the centre
// is kept whole when it takes no more than half (the farthest neighbours
// that do not fit beside it are dropped), and the neighbours are all kept
// when they take no more than half (the centre is cut); when both need
// more, the nearest neighbours that fit in half are kept and the centre
// is cut to the rest. The neighbours dropped are added to TruncatedCount
// (which may already count those never read). The centre is cut at a line
// boundary (see cutCentre), or inside its first line when not even that
// fits; a maxSize too small even for an empty centre gives that, larger
// than asked.
func (res ContextResult) Fit(maxSize int) (ContextResult, error) {
	n, err := res.measure()
	if err != nil {
		return ContextResult{}, err
	}
	if n <= maxSize {
		res.TotalSize = n
		return res, nil
	}
	all := res.Related
	dropped := res.TruncatedCount
	with := func(k int, c ContextCenter) ContextResult {
		r := res
		r.Related = all[:k]
		r.TruncatedCount = dropped + len(all) - k
		r.Center = c
		return r
	}
	costs := make([]int, len(all))
	for i, r := range all {
		if costs[i], err = NeighbourSize(r); err != nil {
			return ContextResult{}, err
		}
	}
	cut := newCentreCut(res.Center)

	// The most neighbours that fit beside the whole centre: each costs
	// its JSON and a comma (one byte too many for the last one left, and a
	// longer TruncatedCount may take one more), so the estimate is never
	// short; measurements confirm it.
	whole := len(all)
	for whole > 0 && n > maxSize {
		whole--
		n -= costs[whole]
	}
	for ; whole >= 0; whole-- {
		if n, err = with(whole, res.Center).measure(); err != nil {
			return ContextResult{}, err
		}
		if n <= maxSize {
			break
		}
	}
	// The nearest neighbours that fit in half of the room an empty centre
	// leaves.
	bare, err := with(0, cut.lines(0)).measure()
	if err != nil {
		return ContextResult{}, err
	}
	share, used := (maxSize-bare)/2, 0
	half := 0
	for half < len(all) && used+costs[half] <= share {
		used += costs[half]
		half++
	}
	if whole >= half {
		r := with(whole, res.Center)
		r.TotalSize = n
		return r, nil
	}
	for k := half; ; k-- {
		r, fits, err := cut.fit(func(c ContextCenter) ContextResult { return with(k, c) }, maxSize)
		if err != nil || fits || k == 0 {
			return r, err
		}
	}
}
