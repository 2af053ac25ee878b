package answer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
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

// Fit drops the farthest neighbours, then cuts the centre's content, until
// the JSON of res (compact, no HTML escaping) fits maxSize, and sets
// TotalSize, and adds the neighbours it dropped to TruncatedCount (which
// may already count those never read). Only when no neighbour is left is the
// centre's content cut (Center.Truncated); a maxSize too small even for an
// empty centre gives that, larger than asked.
func (res ContextResult) Fit(maxSize int) (ContextResult, error) {
	size := func(r ContextResult) (int, error) {
		// TotalSize's own digits count: measure with the final value.
		n, err := jsonSize(r)
		if err != nil {
			return 0, err
		}
		for {
			r.TotalSize = n
			m, err := jsonSize(r)
			if err != nil || m == n {
				return m, err
			}
			n = m
		}
	}
	n, err := size(res)
	if err != nil {
		return ContextResult{}, err
	}
	if n > maxSize && len(res.Related) > 0 {
		// Each neighbour costs its own JSON plus a comma; find how many of
		// the nearest fit, then confirm with a real measurement.
		costs := make([]int, len(res.Related))
		for i, r := range res.Related {
			if costs[i], err = jsonSize(r); err != nil {
				return ContextResult{}, err
			}
			costs[i]++
		}
		keep := len(res.Related)
		for keep > 0 && n > maxSize {
			keep--
			n -= costs[keep]
		}
		for {
			trial := res
			trial.Related = res.Related[:keep]
			// The count's own digits are in the size.
			trial.TruncatedCount += len(res.Related) - keep
			if n, err = size(trial); err != nil {
				return ContextResult{}, err
			}
			if n <= maxSize || keep == 0 {
				res = trial
				break
			}
			keep--
		}
	}
	if n > maxSize {
		// Longest prefix of the content (in characters) that fits.
		content := res.Center.Content
		lo, hi := 0, utf8.RuneCountInString(content)
		runes := []rune(content)
		res.Center.Truncated = true
		for lo < hi {
			mid := (lo + hi + 1) / 2
			res.Center.Content = string(runes[:mid])
			if m, err := size(res); err != nil {
				return ContextResult{}, err
			} else if m <= maxSize {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		res.Center.Content = string(runes[:lo])
		if n, err = size(res); err != nil {
			return ContextResult{}, err
		}
	}
	res.TotalSize = n
	return res, nil
}
