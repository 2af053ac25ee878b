package storetest

import (
	"context"
	"database/sql"
	"runtime"
	"sync"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// HeapProbe measures how much the live Go heap grows while a read runs:
// Querier and Context wrap what the read is given, and each query it
// starts (a page of a paged read) and each ctx.Err it checks (its loops)
// collects garbage and samples the live heap. Growth is the largest
// sample over the one taken by NewHeapProbe: what the read held at once,
// beyond what was live before it, at the points it was sampled.
type HeapProbe struct {
	mu         sync.Mutex
	base, peak uint64
	samples    int
}

// NewHeapProbe collects garbage and takes the base sample.
func NewHeapProbe() *HeapProbe {
	p := &HeapProbe{}
	p.base = liveHeap()
	p.peak = p.base
	return p
}

// Growth is the largest sample over the base, in bytes.
func (p *HeapProbe) Growth() uint64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.peak - p.base
}

// Samples is how many samples were taken after the base.
func (p *HeapProbe) Samples() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.samples
}

func (p *HeapProbe) sample() {
	h := liveHeap()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.samples++
	p.peak = max(p.peak, h)
}

// liveHeap collects garbage and returns the bytes of heap objects left.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// Querier returns q sampling the heap as each query starts.
func (p *HeapProbe) Querier(q store.Querier) store.Querier { return probedQuerier{q, p} }

// Context returns ctx sampling the heap at each Err.
func (p *HeapProbe) Context(ctx context.Context) context.Context { return probedContext{ctx, p} }

type probedQuerier struct {
	q store.Querier
	p *HeapProbe
}

func (q probedQuerier) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	q.p.sample()
	return q.q.QueryContext(ctx, query, args...)
}

func (q probedQuerier) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	q.p.sample()
	return q.q.QueryRowContext(ctx, query, args...)
}

type probedContext struct {
	context.Context
	p *HeapProbe
}

func (c probedContext) Err() error {
	c.p.sample()
	return c.Context.Err()
}
