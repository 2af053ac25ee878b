// Package sdkfront is the layer between MCP clients and the official
// go-sdk (github.com/modelcontextprotocol/go-sdk, v1.8.0): a policy gate
// and the stdio and Streamable HTTP transports. It exists because v1.8.0
// does the JSON-RPC plumbing well but differs from the MCP spec and ubp's
// guideline in these ways, each covered here and tested:
//
//   - requests before initialize and a repeated initialize get error code
//     0: the gate answers -32600 (gate.go; fixErrorCode in stdio.go);
//   - nothing is refused between the initialize response and
//     notifications/initialized: the gate allows only ping (handshake);
//   - one malformed line ends a stdio session (IOTransport): stdio.go
//     answers -32700 and reads on;
//   - a cancelled request is still answered ("request cancelled"): both
//     transports drop the answer;
//   - on stdio, a request that reuses the id of one in progress gets no
//     answer at all: stdio.go answers -32600 naming the id;
//   - messages are encoded with json.Marshal, which HTML-escapes <, > and
//     &: wire.go undoes it so that what the model reads is sent as written
//     and byte budgets count what is sent;
//   - Streamable HTTP requires Accept to list both application/json and
//     text/event-stream: the front accepts either (or none) and answers
//     with one JSON response (StreamableHTTPOptions.JSONResponse), or one
//     SSE event to SSE-only clients;
//   - params of the wrong shape (ping with [] params) and a bogus
//     tools/list cursor get messages with Go type names or a bare "invalid
//     params": the gate answers -32602 in protocol terms;
//   - "arguments": null on a tool whose schema has defaults panics the
//     handler goroutine: the gate drops the member;
//   - argument validation errors name schema paths: argcheck.go names the
//     parameter and its bounds, as a tool error the model can act on;
//   - Host is checked only on loopback listeners and Origin not at all
//     (CrossOriginProtection is opt-in, deprecated, and refuses the local
//     cross-port origins of tools such as the Inspector): http.go checks
//     both on every listener;
//   - sessions have an idle timeout but no cap: http.go caps live sessions
//     and closes the least recently used idle one.
//
// Connections also get header, body, write and idle time limits (Limits).
// mcpserver builds the SDK server and hands this package the visible
// tools' input schemas (NewGate); nothing here knows ubp's tools.
package sdkfront
