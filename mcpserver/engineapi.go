package mcpserver

import (
	"context"

	"github.com/ubp-dev/ubp/engine"
)

// Engine is what the MCP server uses of the engine: the read operations
// behind the tools (Search and SectionTexts for ubp_search), the warm-up before the first answer (which gives way to the first tool call), the
// project (for serve.lock and logs) and the watcher that keeps the index
// live. *engine.Engine implements it; protocol tests use a small
// implementation of their own, so that they need no index.
type Engine interface {
	Search(ctx context.Context, opts engine.SearchOptions) (engine.SearchResult, error)
	SectionTexts(ctx context.Context, ids []int64) (map[int64]string, error)
	FulltextSearch(ctx context.Context, opts engine.FulltextOptions) (engine.FulltextResult, error)
	GetPage(ctx context.Context, ref string) (engine.Page, error)
	GetContext(ctx context.Context, opts engine.ContextOptions) (engine.ContextResult, error)
	ListPages(ctx context.Context, opts engine.ListPagesOptions) (engine.ListPagesResult, error)
	GetGraph(ctx context.Context, opts engine.GraphOptions) (engine.GraphResult, error)
	WarmUp()
	YieldWarmUp()
	Project() *engine.Project
	WatchCaughtUpBy(ctx context.Context, catchUp func(context.Context) error, onReport func(engine.IndexReport, error)) error
}

var _ Engine = (*engine.Engine)(nil)
