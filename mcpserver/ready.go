package mcpserver

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ubp-dev/ubp/internal/advice"
)

// readiness is whether the index may answer yet: Options.Prepare (the
// catch-up indexing run) runs while the server already answers the
// handshake, and tool calls wait for it.
type readiness struct {
	done chan struct{}
	err  error // set before done closes
}

func newReadiness() *readiness { return &readiness{done: make(chan struct{})} }

// finish records the outcome of the preparation; tool calls waiting go on.
func (r *readiness) finish(err error) {
	r.err = err
	close(r.done)
}

// wait blocks until the preparation finished or ctx ends, and returns its
// error.
func (r *readiness) wait(ctx context.Context) error {
	select {
	case <-r.done:
		return r.err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// readyMiddleware holds every tools/call until the index is prepared, so an
// agent's first call answers from the current files however early it
// comes; the handshake, ping and tools/list do not wait. When the
// preparation failed, the call fails with its error.
func readyMiddleware(r *readiness) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				if err := r.wait(ctx); err != nil {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
						Message: fmt.Sprintf("the index could not be brought up to date: %s", advice.Message(err))}
				}
			}
			return next(ctx, method, req)
		}
	}
}
