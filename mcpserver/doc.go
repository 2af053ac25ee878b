// Package mcpserver serves a ubp index to AI agents over the Model Context
// Protocol, on stdio or on a Streamable HTTP endpoint (/mcp).
//
// It exposes six read-only tools (ubp_search, ubp_fulltext_search,
// ubp_get_page, ubp_get_context, ubp_list_pages, ubp_get_graph) built with
// the go-sdk's typed handlers: every input schema states its bounds and
// defaults, every result carries structuredContent that matches the declared
// output schema (inferred from the engine's answer types) and the same JSON
// as text.
//
// The SDK does the JSON-RPC plumbing; a thin policy layer in front of it
// (gate.go) makes stdio and HTTP behave the same way on bad input, which the
// SDK alone does not: malformed JSON gets -32700 and the session goes on,
// requests before initialize get -32600, methods ubp does not serve
// (resources, prompts, logging, completion) get -32601, a tools/call without
// a name gets -32602, and a call to an unknown or hidden tool, or with an
// argument out of range, is a tool error (isError) that says what to fix.
// Only the tools capability is declared.
//
// Gaps of go-sdk v1.8.0 closed here (each has a test): requests before
// initialize are answered with error code 0; one malformed line on stdio
// ends the session; {"logging":{}} is declared unless Capabilities is set;
// Origin is never checked and Host only on loopback listeners; a repeated
// initialize gets code 0; "arguments": null on a tool whose schema has
// defaults panics the handler goroutine (which would kill the process).
//
// Serve also holds .ubp/serve.lock (one server per project), keeps the index
// live by running the engine's watcher in the background, and on HTTP checks
// Host, Origin, an optional bearer token and the body size.
package mcpserver
