// Package mcpserver serves a ubp index to AI agents over the Model Context
// Protocol, on stdio or on a Streamable HTTP endpoint (/mcp).
//
// Each of the six read-only tools is declared once in tools.go (name,
// title, category, description, argument and answer types, handler, text
// summary); tools/list, the categories, the schema snapshots and the tool
// tables of docs/mcp-server.md derive from those declarations. The server
// uses the engine through the small Engine interface (engineapi.go), so
// protocol tests run without an index.
//
// Answers are bounded and sent once: structuredContent carries the answer
// and the text block a short summary (clients of a protocol before
// 2025-06-18 get the JSON as text instead); get_page reads windows of
// lines within max_size; list_pages and the whole graph come in pages.
//
// The SDK (go-sdk v1.8.0) does the JSON-RPC plumbing. Everything that
// works around it sits behind one boundary, internal/sdkfront: a gate
// that answers malformed JSON, batches, requests before the handshake
// ends, methods ubp does not serve, bad params, bad tool arguments and
// ids still in use itself, and transports that drop the answers of cancelled requests,
// undo the SDK's HTML escaping, accept `Accept: application/json` alone,
// bound HTTP connections in time and live sessions in number, and check
// Host, Origin and the bearer token. Its package comment and
// docs/mcp-server.md list each workaround with the SDK behaviour it
// covers; each has a test.
//
// Serve also holds .ubp/serve.lock (one server per project) and keeps the
// index live by running the engine's watcher in the background.
package mcpserver
