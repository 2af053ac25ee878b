package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/index"
)

// registerTools adds the named tools to s, each calling e.
func registerTools(s *mcp.Server, e *engine.Engine, names []string, schemas map[string]toolSchemas, log *slog.Logger) {
	for _, name := range names {
		switch name {
		case ToolSearch:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in searchInput) (engine.SearchResult, error) {
				lts := make([]index.LinkType, len(in.LinkTypes))
				for i, t := range in.LinkTypes {
					lts[i] = index.LinkType(t)
				}
				if len(lts) == 0 {
					lts = nil
				}
				return e.Search(ctx, engine.SearchOptions{
					Query: in.Query, Limit: in.Limit, DocType: in.DocType,
					Depth: in.Depth, LinkTypes: lts, IncludeLinked: in.IncludeLinked,
				})
			})
		case ToolFulltextSearch:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in fulltextInput) (engine.FulltextResult, error) {
				return e.FulltextSearch(ctx, engine.FulltextOptions{Query: in.Query, Limit: in.Limit, DocType: in.DocType})
			})
		case ToolGetPage:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in getPageInput) (engine.Page, error) {
				return e.GetPage(ctx, in.Filepath)
			})
		case ToolGetContext:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in getContextInput) (engine.ContextResult, error) {
				return e.GetContext(ctx, engine.ContextOptions{Page: in.Filepath, Depth: in.Depth, MaxSize: in.MaxSize})
			})
		case ToolListPages:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in listPagesInput) (engine.ListPagesResult, error) {
				return e.ListPages(ctx, engine.ListPagesOptions{DocType: in.DocType, Sort: in.Sort, Order: in.Order})
			})
		case ToolGetGraph:
			addTool(s, name, schemas[name], log, func(ctx context.Context, in getGraphInput) (engine.GraphResult, error) {
				return e.GetGraph(ctx, engine.GraphOptions{Center: in.Center, Depth: in.Depth})
			})
		default:
			panic("mcpserver: no handler for tool " + name) // names come from SelectTools
		}
	}
}

// addTool registers one typed tool. The handler's answer becomes
// structuredContent (and the same JSON as text); its errors become tool
// errors when the agent can fix them and -32603 otherwise; a panic is
// recovered and answered with -32603.
func addTool[In, Out any](s *mcp.Server, name string, sc toolSchemas, log *slog.Logger, call func(context.Context, In) (Out, error)) {
	tool := &mcp.Tool{
		Name:         name,
		Title:        toolTitles[name],
		Description:  toolDescriptions[name],
		InputSchema:  sc.in,
		OutputSchema: sc.out,
		Annotations: &mcp.ToolAnnotations{
			Title:           toolTitles[name],
			ReadOnlyHint:    true,
			IdempotentHint:  true,
			DestructiveHint: new(false),
			OpenWorldHint:   new(false),
		},
	}
	mcp.AddTool(s, tool, func(ctx context.Context, _ *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
		defer func() {
			if r := recover(); r != nil {
				log.Error("tool panicked", "tool", name, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				var zero Out
				res, out, err = nil, zero, internalError(fmt.Sprintf("%s failed unexpectedly", name))
			}
		}()
		out, err = call(ctx, in)
		if err != nil {
			var zero Out
			return nil, zero, toolError(name, err, log)
		}
		fillNilSlices(&out)
		return nil, out, nil
	})
}

// toolErrorText is an error the agent can act on; the SDK turns it into a
// result with isError: true.
type toolErrorText string

func (t toolErrorText) Error() string { return string(t) }

// paramNames maps engine parameter names to the MCP ones.
var paramNames = map[string]string{"page": "filepath"}

// toolError classifies an engine error.
func toolError(tool string, err error, log *slog.Logger) error {
	var ae *engine.ArgumentError
	var nf *engine.NotFoundError
	switch {
	case errors.As(err, &ae):
		param := ae.Param
		if p, ok := paramNames[param]; ok {
			param = p
		}
		return toolErrorText(fmt.Sprintf("%s: invalid parameter %q: %s", tool, param, ae.Message))
	case errors.As(err, &nf):
		msg := fmt.Sprintf("%s: page not found: %q.", tool, nf.Query)
		if len(nf.Suggestions) > 0 {
			msg += " Closest matches: " + strings.Join(nf.Suggestions, ", ") + "."
		}
		msg += " Use ubp_list_pages or ubp_search to find the filepath."
		return toolErrorText(msg)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return internalError(fmt.Sprintf("%s: request cancelled", tool))
	}
	log.Error("tool failed", "tool", tool, "error", err)
	return internalError(fmt.Sprintf("%s failed: %s", tool, shortMessage(err.Error())))
}

// internalError is a JSON-RPC -32603 error, which the SDK passes through.
func internalError(msg string) error {
	return &jsonrpc.Error{Code: codeInternalError, Message: "internal error: " + msg}
}

// shortMessage keeps the first line of msg, at most 200 bytes.
func shortMessage(msg string) string {
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 200 {
		msg = msg[:200] + "..."
	}
	return msg
}
