package reader

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/pageread"
	"github.com/ubp-dev/ubp/graph"
)

// LinkGraph reads the whole document graph: every document as a node,
// every resolved link as a typed edge. The engine keeps it per state of
// the index (Engine.LoadGraph).
func LinkGraph(ctx context.Context, q store.Querier) (*graph.Graph, error) {
	return pageread.LinkGraph(ctx, q)
}
