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
// first query as fast as the rest. It gives way to the first real request
// (YieldWarmUp).
func (e *Engine) WarmUp() {
	if e == nil || !e.warm.begin() {
		return
	}
	ctx, ok := e.warm.start()
	if !ok {
		e.warm.wg.Done()
		return
	}
	go e.warmSearch(ctx)
}

// YieldWarmUp gives the machine to a real request: the warm-up's search in
// flight is cancelled and no other starts, so the request never waits for
// the warm-up or shares the processor with it. What the warm-up has loaded
// by then stays loaded (a load that has begun, such as the static model's,
// finishes: the request would wait for it all the same); the request loads
// the rest itself. A server calls it when a tool call arrives, before the
// call waits for the index to be prepared.
func (e *Engine) YieldWarmUp() {
	if e != nil {
		e.warm.yield()
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
// tables) is loaded before the first real query. Nothing of it grows
// with the corpus: search keeps no snapshot of the sections or the link
// graph. ctx ends when a real request arrives (YieldWarmUp) or after
// warmTimeout. Errors are ignored: the real query reports its own.
func (e *Engine) warmSearch(ctx context.Context) {
	defer e.warm.wg.Done()
	defer e.warm.end()
	search := e.warm.search
	if search == nil {
		search = func(ctx context.Context, q string) error {
			_, err := e.Search(ctx, SearchOptions{Query: q, Limit: 1})
			return err
		}
	}
	for i, q := range warmQueries {
		if i > 0 && e.Project().Config.Search.Translate != "ja-en" {
			break
		}
		if e.warm.stop.Load() || ctx.Err() != nil {
			return
		}
		if err := search(ctx, q); err != nil && ctx.Err() != nil {
			return
		}
	}
}

// warmUp is the state of the background work: the warm-up and the
// matcher's reads (see background).
type warmUp struct {
	mu   sync.Mutex // orders begin against stopAndWait, start against yield
	wg   sync.WaitGroup
	stop atomic.Bool // set by Close: no further background query starts
	// started is set by the warm-up, yielded by the first real request
	// (yield): no warm-up starts after either; cancel ends the one in
	// flight (nil when none).
	started, yielded bool
	cancel           context.CancelFunc
	// search runs one warm-up query (nil: Engine.Search); tests hold
	// the warm-up in a query with it.
	search func(ctx context.Context, q string) error
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

// start gives the warm-up its context, bounded by warmTimeout and ended
// by yield; false when a real request came already or a warm-up started
// before (an engine warms up once).
func (w *warmUp) start() (context.Context, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.yielded || w.started {
		return nil, false
	}
	w.started = true
	ctx, cancel := context.WithTimeout(context.Background(), warmTimeout)
	w.cancel = cancel
	return ctx, true
}

// end releases the warm-up's context once it is over.
func (w *warmUp) end() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
}

// yield cancels the warm-up in flight and any to come.
func (w *warmUp) yield() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.yielded = true
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
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
