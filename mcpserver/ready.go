package mcpserver

import (
	"context"
	"fmt"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ubp-dev/ubp/internal/advice"
)

// readiness is whether the index may answer yet: Options.Prepare (the
// catch-up indexing run) runs while the server already answers the
// handshake, and tool calls wait for it. A preparation that failed is
// tried again by the next tool call (retry): the docs folder away at
// start-up (a branch switch), or an index lock another process held too
// long, failed every call until the server was restarted.
type readiness struct {
	mu     sync.Mutex
	done   chan struct{} // closed when the attempt in progress ends
	err    error         // the outcome of the last attempt that ended
	failed bool          // the last attempt ended with err, and none runs
	// again asks the preparing goroutine for another attempt.
	again chan struct{}
}

func newReadiness() *readiness {
	return &readiness{done: make(chan struct{}), again: make(chan struct{}, 1)}
}

// finish records the outcome of an attempt; tool calls waiting for it go
// on.
func (r *readiness) finish(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.err, r.failed = err, err != nil
	close(r.done)
}

// lastErr is the outcome of the last attempt that ended.
func (r *readiness) lastErr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// wait blocks until the preparation succeeded or failed, or ctx ends, and
// returns its error. When the last attempt had already failed, it asks for
// another and waits for that one; calls that come meanwhile share it.
func (r *readiness) wait(ctx context.Context) error {
	r.mu.Lock()
	if r.failed {
		r.failed, r.done = false, make(chan struct{})
		r.again <- struct{}{} // empty: one request per failed attempt
	}
	done := r.done
	r.mu.Unlock()
	select {
	case <-done:
		return r.lastErr()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// readyMiddleware holds every tools/call until the index is prepared, so an
// agent's first call answers from the current files however early it
// comes; the handshake, ping and tools/list do not wait. When the
// preparation failed, the call fails with its error, and the next call
// tries again.
func readyMiddleware(r *readiness) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				if err := r.wait(ctx); err != nil {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
						Message: fmt.Sprintf("the index could not be brought up to date: %s; the next tool call tries again", advice.Message(err))}
				}
			}
			return next(ctx, method, req)
		}
	}
}

// yieldMiddleware tells the engine's warm-up to give way (YieldWarmUp) as
// soon as a tools/call arrives, before the call waits for the preparation:
// the warm-up's searches would otherwise share the processor with the
// preparation and the call.
func yieldMiddleware(e Engine) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				e.YieldWarmUp()
			}
			return next(ctx, method, req)
		}
	}
}
