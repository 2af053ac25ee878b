package engine

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// WarmUp starts loading, in the background, what the first search would
// otherwise wait for (see warmSearch), so a long-running server answers its
// first query as fast as the rest.
func (e *Engine) WarmUp() {
	if e != nil && e.warm.begin() {
		go e.warmSearch()
	}
}

// background runs fn on a goroutine of its own in a read transaction,
// bounded by warmTimeout, as the warm-up does: it reports false, and runs
// nothing, once Close has begun, and Close waits for it. The full-text
// matcher reads the scores of common terms met again through it
// (fulltext.Background).
func (e *Engine) background(fn func(ctx context.Context, db store.Querier) error) bool {
	if !e.warm.begin() {
		return false
	}
	go func() {
		defer e.warm.wg.Done()
		ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
		defer cancel()
		// An error only means the next search scores the term itself.
		_ = e.readTx(ctx, func(tx *sql.Tx) error { return fn(ctx, tx) })
	}()
	return true
}

// warmQueries are what warmSearch searches for: an English query, then a
// Japanese one (which also loads the glossary and the Japanese word
// vectors). Their results are thrown away.
var warmQueries = []string{"overview of the design", "設計の概要"}

// warmTimeout bounds a warm-up on a huge or slow index.
const warmTimeout = 30 * time.Second

// warmSearch runs throwaway searches so that everything a search loads
// once per process (the static embedding model, the glossary, the
// Japanese word vectors, SQLite's first pages of the full-text and length
// tables) is loaded before the first real query, which then waits at most
// for the rest of the warm-up instead of doing it. Nothing of it grows
// with the corpus: search keeps no snapshot of the sections or the link
// graph. Errors are ignored: the real query reports its own.
func (e *Engine) warmSearch() {
	defer e.warm.wg.Done()
	ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
	defer cancel()
	for i, q := range warmQueries {
		if i > 0 && e.Project().Config.Search.Translate != "ja-en" {
			break
		}
		if e.warm.stop.Load() {
			return
		}
		if _, err := e.Search(ctx, SearchOptions{Query: q, Limit: 1}); err != nil && ctx.Err() != nil {
			return
		}
	}
}

// warmUp is the state of the background work: the warm-up and the
// matcher's reads (see background).
type warmUp struct {
	mu   sync.Mutex // orders begin against stopAndWait
	wg   sync.WaitGroup
	stop atomic.Bool // set by Close: no further background query starts
}

// begin counts one more piece of background work, unless Close has begun.
func (w *warmUp) begin() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop.Load() {
		return false
	}
	w.wg.Add(1)
	return true
}

// stopAndWait lets the queries in flight finish (they are not interrupted:
// cancelling a statement mid-query is what sqlite3_interrupt does, see
// embedrun.Run) and starts no other, so nothing touches the index once
// Close returns.
func (w *warmUp) stopAndWait() {
	w.mu.Lock()
	w.stop.Store(true)
	w.mu.Unlock()
	w.wg.Wait()
}
