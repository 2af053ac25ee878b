package engine

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// GetContext returns a page and its graph neighbours up to Depth links away
// in both directions, nearest first (then by document id). Each neighbour
// carries the direction of the first hop from the centre, the type of the
// link it was reached by, its depth and a summary (the first 500 characters
// of its body).
//
// MaxSize bounds TotalSize, the bytes of the result as compact JSON (no HTML
// escaping, as the CLI and MCP print it, minus indentation). When the
// result is larger the farthest neighbours are dropped first
// (TruncatedCount says how many); only when no neighbour is left is the
// centre's content cut (Center.Truncated). A MaxSize too small even for an
// empty centre returns that, larger than asked.
func (e *Engine) GetContext(ctx context.Context, opts ContextOptions) (ContextResult, error) {
	if strings.TrimSpace(opts.Page) == "" {
		return ContextResult{}, &ArgumentError{Param: "page", Message: "must not be empty"}
	}
	depth, err := checkDepth(opts.Depth, DefaultSearchDepth, MaxSearchDepth)
	if err != nil {
		return ContextResult{}, err
	}
	maxSize := opts.MaxSize
	if maxSize == 0 {
		maxSize = DefaultContextSize
	}
	if maxSize < 0 {
		return ContextResult{}, &ArgumentError{Param: "max_size", Message: fmt.Sprintf("must be positive, got %d", maxSize)}
	}
	id, _, err := e.ResolvePage(ctx, opts.Page)
	if err != nil {
		return ContextResult{}, err
	}
	var res ContextResult
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		// Only the links within depth hops of the page, not the whole graph.
		links, err := e.neighbourhood(ctx, tx, nil)
		if err != nil {
			return err
		}
		if err := links.within(ctx, tx, []int64{id}, depth); err != nil {
			return fmt.Errorf("load link graph: %w", err)
		}
		hops := links.g.BFS([]int64{id}, depth, nil) // sorted by depth, then id
		err = tx.QueryRowContext(ctx, `SELECT doc_id, filepath, title FROM documents WHERE id = ?`, id).
			Scan(&res.Center.DocID, &res.Center.Filepath, &res.Center.Title)
		if err == nil {
			res.Center.Content, err = docBody(ctx, tx, id)
		}
		if err != nil {
			return fmt.Errorf("read page %s: %w", opts.Page, err)
		}
		ids := make([]int64, len(hops))
		for i, h := range hops {
			ids[i] = h.ID
		}
		meta := map[int64]*docMeta{}
		if err := e.addDocMetas(ctx, tx, meta, ids); err != nil {
			return err
		}
		res.Related = []ContextNeighbour{}
		for _, h := range hops {
			d := meta[h.ID]
			if d == nil {
				continue
			}
			summary, err := docSummary(ctx, tx, h.ID)
			if err != nil {
				return err
			}
			res.Related = append(res.Related, ContextNeighbour{
				DocID: d.DocID, Filepath: d.Filepath, Title: d.Title,
				LinkType: h.LinkType, Direction: string(h.FirstDirection),
				Summary: summary, Depth: h.Depth,
			})
		}
		return nil
	})
	if err != nil {
		return ContextResult{}, err
	}
	return fitContext(res, maxSize)
}

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

// fitContext drops the farthest neighbours, then cuts the centre's content,
// until the JSON of res fits maxSize, and sets TotalSize and TruncatedCount.
func fitContext(res ContextResult, maxSize int) (ContextResult, error) {
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
			if n, err = size(trial); err != nil {
				return ContextResult{}, err
			}
			if n <= maxSize || keep == 0 {
				res.TruncatedCount = len(res.Related) - keep
				res.Related = trial.Related
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
