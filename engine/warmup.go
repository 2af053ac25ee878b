package engine

import (
	"context"
	"time"
)

// warmQueries are what warmSearch searches for: an English query, then a
// Japanese one (which also loads the glossary and the Japanese word
// vectors). Their results are thrown away.
var warmQueries = []string{"overview of the design", "設計の概要"}

// warmTimeout bounds a warm-up on a huge or slow index.
const warmTimeout = 30 * time.Second

// warmSearch runs throwaway searches so that everything a search loads
// once per process (the static embedding model, the in-memory section
// snapshot and link graph, the glossary, SQLite's first pages) is loaded
// before the first real query, which then waits at most for the rest of
// the warm-up instead of doing it. Errors are ignored: the real query
// reports its own.
func (e *Engine) warmSearch() {
	ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
	defer cancel()
	for i, q := range warmQueries {
		if i > 0 && e.p.Config.Search.Translate != "ja-en" {
			break
		}
		if _, err := e.Search(ctx, SearchOptions{Query: q, Limit: 1}); err != nil && ctx.Err() != nil {
			return
		}
	}
}
