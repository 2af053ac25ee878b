package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/advice"
	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"
)

// registerTools adds the named tools to s, each calling e, with
// descriptions that name only visible tools.
func registerTools(s *mcp.Server, e Engine, names []string, schemas map[string]toolSchemas, log *slog.Logger) {
	for _, name := range names {
		d, ok := declOf(name)
		if !ok {
			panic("mcpserver: no declaration for tool " + name) // names come from SelectTools
		}
		tool := &mcp.Tool{
			Name:         d.Name,
			Title:        d.Title,
			Description:  d.description(names),
			InputSchema:  schemas[name].in,
			OutputSchema: schemas[name].out,
			Annotations: &mcp.ToolAnnotations{
				Title:           d.Title,
				ReadOnlyHint:    true,
				IdempotentHint:  true,
				DestructiveHint: new(false),
				OpenWorldHint:   new(false),
			},
		}
		d.register(s, tool, e, log)
	}
}

// structuredSince is the first protocol version with structuredContent.
// Clients that negotiated it get the answer once, as structuredContent,
// beside a short text summary; older clients get the answer as JSON text
// (the SDK adds it when the result has no content).
const structuredSince = "2025-06-18"

// addTool registers one typed tool. The handler's answer becomes
// structuredContent; its errors become tool errors when the agent can fix
// them and -32603 otherwise; a panic is recovered and answered with -32603.
func addTool[In, Out any](s *mcp.Server, tool *mcp.Tool, log *slog.Logger, call func(context.Context, In) (Out, error), summary func(Out) string) {
	name := tool.Name
	mcp.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in In) (res *mcp.CallToolResult, out Out, err error) {
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
		if knowsStructuredContent(req) {
			res = &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{
				Text: summary(out) + " The full answer is in structuredContent.",
			}}}
		}
		return res, out, nil
	})
}

// sentOnceMiddleware drops structuredContent from the tool results of a
// session older than it: the SDK fills it from the typed answer whatever
// the version, beside the JSON text it adds for such clients, so a client
// that cannot read structuredContent was sent every answer twice.
func sentOnceMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if method != "tools/call" || err != nil {
			return res, err
		}
		call, ok := req.(*mcp.CallToolRequest)
		if !ok || knowsStructuredContent(call) {
			return res, err
		}
		if r, ok := res.(*mcp.CallToolResult); ok && r != nil {
			r.StructuredContent = nil
		}
		return res, err
	}
}

// knowsStructuredContent reports whether the session negotiated a protocol
// version with structuredContent.
func knowsStructuredContent(req *mcp.CallToolRequest) bool {
	if req == nil || req.Session == nil {
		return true
	}
	ip := req.Session.InitializeParams()
	if ip == nil {
		return true
	}
	return negotiatedVersion(ip.ProtocolVersion) >= structuredSince
}

// negotiatedVersion is the protocol version the server answered a client
// asking for asked with, as the SDK chooses it: asked when ubp speaks it,
// else the newest ubp speaks. The client's own string said an unknown
// version (1.0, 2025-01-01) was older than structuredContent.
func negotiatedVersion(asked string) string {
	if slices.Contains(protocolVersions, asked) {
		return asked
	}
	return protocolVersions[0]
}

// toolErrorText is an error the agent can act on; the SDK turns it into a
// result with isError: true.
type toolErrorText string

func (t toolErrorText) Error() string { return string(t) }

// emptyParams is what an empty text parameter is told by the input check,
// the words the engine uses for a blank one.
var emptyParams = map[string]string{"query": engine.EmptyQuery, "filepath": engine.EmptyPage}

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
		if nf.NotIndexed != "" {
			// The file is there but left out of the index: why, and what
			// to do, rather than other pages.
			return toolErrorText(fmt.Sprintf("%s: %q has no page: the file exists but is not indexed: %s. To index it: %s.", tool, nf.Query, nf.NotIndexed, nf.Fix))
		}
		if nf.Skipped != "" {
			// The file is there: say why it has no page rather than
			// offer others.
			return toolErrorText(fmt.Sprintf("%s: %q has no page: the file is there, but indexing %s.", tool, nf.Query, nf.Skipped))
		}
		if len(nf.Suggestions) > 0 {
			msg += " Closest matches: " + strings.Join(nf.Suggestions, ", ") + "."
		}
		msg += " Use ubp_list_pages or ubp_search to find the filepath."
		return toolErrorText(msg)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return internalError(fmt.Sprintf("%s: request cancelled", tool))
	}
	var te toolErrorText
	if errors.As(err, &te) {
		return toolErrorText(tool + ": " + string(te))
	}
	msg := advice.Message(err)
	log.Error("tool failed", "tool", tool, "error", msg)
	return internalError(fmt.Sprintf("%s failed: %s", tool, sdkfront.ShortMessage(msg)))
}

// internalError is a JSON-RPC -32603 error, which the SDK passes through.
func internalError(msg string) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error: " + msg}
}

// docsFolderGone is the error every tool gives while the watcher finds the
// docs folder gone (engine.Engine.DocsFolderGone): the index then
// describes files that are not there, and answering from it would be
// silently wrong. nil when the folder is there, or e cannot tell.
func docsFolderGone(e Engine) error {
	g, ok := e.(interface{ DocsFolderGone() (time.Time, bool) })
	if !ok {
		return nil
	}
	since, gone := g.DocsFolderGone()
	if !gone {
		return nil
	}
	// ubp serve takes no --docs-dir: until 2026-11-28 this named one. It
	// follows docs_dir of .ubp/config.json (Engine.Watch).
	return toolErrorText(fmt.Sprintf("the docs folder %s is gone since %s (moved away or deleted: a branch switch? "+
		"or docs_dir names a folder that is not there), so the index describes files that are not there and ubp "+
		"does not answer from it. Put the folder back, or set docs_dir in .ubp/config.json to where it is now "+
		"(ubp indexes it at once, without a restart).",
		e.Project().DocsDir(), since.UTC().Format(time.RFC3339)))
}
