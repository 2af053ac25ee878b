package sdkfront

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The gate is ubp's policy in front of the SDK. It sees every inbound
// JSON-RPC message as raw bytes, on stdio and on HTTP alike, and either
// forwards it to the SDK, answers it itself, or drops it (a notification
// that needs no answer). It answers what the SDK would get wrong or would
// treat as fatal: malformed JSON, batches, invalid messages, requests before
// initialize, methods ubp does not serve, tools/call without a name, calls
// to unknown or hidden tools and arguments that do not fit a tool's input
// schema. Everything it forwards is something the SDK handles correctly.

// JSON-RPC error codes used by the gate. -32001 follows the TypeScript SDK
// for an unknown HTTP session.
const (
	codeParseError      = jsonrpc.CodeParseError
	codeInvalidRequest  = jsonrpc.CodeInvalidRequest
	codeMethodNotFound  = jsonrpc.CodeMethodNotFound
	codeInvalidParams   = jsonrpc.CodeInvalidParams
	codeInternalError   = jsonrpc.CodeInternalError
	codeSessionNotFound = -32001
)

// phase is where a session is in the initialization handshake.
type phase int

const (
	phaseNew          phase = iota // nothing but initialize and ping allowed
	phaseInitializing              // initialize forwarded, answer pending
	phaseInitialized               // initialize answered; waiting for notifications/initialized
	phaseReady                     // notifications/initialized received: every method served
)

// handshake tracks one session's phase. The client may send
// notifications/initialized before it has read the initialize response
// (pipelining on stdio); that counts once the response succeeds.
type handshake struct {
	phase    phase
	notified bool
}

// forwarded records a message the gate let through.
func (h *handshake) forwarded(method string) {
	switch {
	case method == "initialize" && h.phase == phaseNew:
		h.phase = phaseInitializing
	case method == "notifications/initialized" && h.phase == phaseInitialized:
		h.phase = phaseReady
	case method == "notifications/initialized" && h.phase == phaseInitializing:
		h.notified = true
	}
}

// answered records the answer to initialize.
func (h *handshake) answered(ok bool) {
	switch {
	case !ok:
		h.phase, h.notified = phaseNew, false
	case h.notified:
		h.phase = phaseReady
	default:
		h.phase = phaseInitialized
	}
}

// action says what to do with an inbound message.
type action int

const (
	actForward action = iota // hand the decoded message to the SDK
	actReply                 // send the gate's reply
	actDrop                  // a notification the server ignores
)

// inbound is one parsed JSON-RPC message.
type inbound struct {
	id     json.RawMessage // as written; nil for notifications
	method string
	params json.RawMessage
	call   bool // a request with an id
	msg    jsonrpc.Message
	// rewritten is set when the gate changed msg, which must then be
	// re-encoded rather than forwarded as received.
	rewritten bool
}

// reply is an answer the gate sends itself.
type reply struct {
	ID     json.RawMessage // "null" when the request's id is unknown
	Result any             // exactly one of Result and Error is set
	Error  *rpcError
	// HTTPStatus is the status the HTTP transport uses for it.
	HTTPStatus int
}

// rpcError is the error object of a JSON-RPC response.
type rpcError struct {
	Code    int64  `json:"code"`
	Message string `json:"message"`
}

// encode gives the reply as one line of JSON (no trailing newline).
func (r *reply) encode() []byte {
	id := r.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	var v any
	if r.Error != nil {
		v = struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *rpcError       `json:"error"`
		}{"2.0", id, r.Error}
	} else {
		v = struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Result  any             `json:"result"`
		}{"2.0", id, r.Result}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a Result the gate built itself can get here.
		return []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: cannot encode reply"}}`)
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

func errorReply(id json.RawMessage, status int, code int64, format string, args ...any) *reply {
	return &reply{ID: id, Error: &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}, HTTPStatus: status}
}

// Gate holds the policy: which tools are visible and their input schemas.
type Gate struct {
	tools    map[string]*argSchema
	names    []string                 // visible tool names in tools/list order
	disabled func(name string) string // why a known tool is hidden; "" for an unknown name
}

// NewGate builds the gate for the visible tools (names, in tools/list
// order) with their input schemas. empty is what an empty string
// parameter is told, by parameter name (the words the tools use for a
// blank one); disabled says why a tool that exists but is hidden cannot
// be called ("" when no such tool exists).
func NewGate(names []string, inputSchemas map[string]*jsonschema.Schema, empty map[string]string, disabled func(name string) string) *Gate {
	g := &Gate{tools: map[string]*argSchema{}, names: slices.Clone(names), disabled: disabled}
	for _, n := range names {
		g.tools[n] = newArgSchema(inputSchemas[n], empty)
	}
	return g
}

// ServedMethods are the methods ubp serves; any other request gets -32601
// and any other notification is dropped.
var ServedMethods = []string{
	"initialize", "ping", "tools/list", "tools/call",
	"notifications/initialized", "notifications/cancelled",
	"notifications/progress", "notifications/roots/list_changed",
}

// parse decodes raw as one JSON-RPC message. A nil inbound comes with the
// reply to send (or none, for blank input).
func parse(raw []byte) (*inbound, *reply) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, nil
	}
	if !json.Valid(raw) {
		return nil, errorReply(nil, http.StatusBadRequest, codeParseError, "parse error: %s", describeJSONError(raw))
	}
	switch raw[0] {
	case '{':
	case '[':
		return nil, errorReply(nil, http.StatusBadRequest, codeInvalidRequest,
			"invalid request: JSON-RPC batches are not supported; send one message at a time")
	default:
		return nil, errorReply(nil, http.StatusBadRequest, codeInvalidRequest, "invalid request: a JSON-RPC message must be a JSON object")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, errorReply(nil, http.StatusBadRequest, codeParseError, "parse error: %v", err)
	}
	in := &inbound{}
	idRaw, hasID := fields["id"]
	if hasID {
		if err := checkID(idRaw); err != nil {
			return nil, errorReply(nil, http.StatusBadRequest, codeInvalidRequest, "invalid request: %v", err)
		}
		in.id = idRaw
	}
	var version string
	if v, ok := fields["jsonrpc"]; !ok || json.Unmarshal(v, &version) != nil || version != "2.0" {
		return nil, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest, `invalid request: "jsonrpc" must be "2.0"`)
	}
	mRaw, hasMethod := fields["method"]
	if !hasMethod {
		_, hasResult := fields["result"]
		_, hasError := fields["error"]
		if hasID && (hasResult || hasError) {
			msg, err := jsonrpc.DecodeMessage(raw)
			if err != nil {
				return nil, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest, "invalid response: %v", err)
			}
			in.msg = msg
			return in, nil // a response to a server request
		}
		return nil, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest, `invalid request: "method" is missing`)
	}
	if json.Unmarshal(mRaw, &in.method) != nil || in.method == "" {
		return nil, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest, `invalid request: "method" must be a non-empty string`)
	}
	in.call = hasID
	if p, ok := fields["params"]; ok && !bytes.Equal(bytes.TrimSpace(p), []byte("null")) {
		in.params = p
	}
	msg, err := jsonrpc.DecodeMessage(raw)
	if err != nil {
		return nil, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest, "invalid request: %v", err)
	}
	in.msg = msg
	return in, nil
}

// checkID accepts the id forms MCP allows: a string or an integer.
func checkID(raw json.RawMessage) error {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return fmt.Errorf("bad id: %w", err)
	}
	switch id := v.(type) {
	case string:
		return nil
	case float64:
		if id != math.Trunc(id) || math.Abs(id) > 1<<53 {
			return fmt.Errorf(`"id" must be a string or an integer, got %s`, raw)
		}
		return nil
	case nil:
		return fmt.Errorf(`"id" must not be null`)
	default:
		return fmt.Errorf(`"id" must be a string or an integer, got %s`, raw)
	}
}

// describeJSONError says where raw stops being JSON.
func describeJSONError(raw []byte) string {
	var v any
	err := json.Unmarshal(raw, &v)
	if err == nil {
		return "not valid JSON"
	}
	if se := (*json.SyntaxError)(nil); errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	return err.Error()
}

// route decides what to do with a parsed message in a session whose
// handshake is at hs.
func (g *Gate) route(in *inbound, hs handshake) (action, *reply) {
	p := hs.phase
	if in.method == "" { // a response from the client
		return actForward, nil
	}
	switch in.method {
	case "initialize":
		if !in.call {
			return actDrop, nil
		}
		if p != phaseNew {
			return actReply, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
				"invalid request: the session is already initialized")
		}
		if r := requireObjectParams(in, true); r != nil {
			return actReply, r
		}
		if r := checkInitializeParams(in); r != nil {
			return actReply, r
		}
		return actForward, nil
	case "ping":
		if !in.call {
			return actDrop, nil
		}
		if r := requireObjectParams(in, false); r != nil {
			return actReply, r
		}
		return actForward, nil
	}
	switch p {
	case phaseNew:
		if !in.call {
			return actDrop, nil
		}
		return actReply, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
			"invalid request: server not initialized: send initialize first (only ping is allowed before it), got %q", in.method)
	case phaseInitializing, phaseInitialized:
		// A client that pipelines (initialize, notifications/initialized,
		// requests, without waiting for the answer) has ended its part of
		// the handshake: its requests follow initialize in order.
		pipelined := p == phaseInitializing && hs.notified
		if in.call && !strings.HasPrefix(in.method, "notifications/") && !pipelined {
			return actReply, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
				"invalid request: initialization is not complete: send notifications/initialized after the initialize response (only ping is allowed until then), got %q", in.method)
		}
	}
	if !slices.Contains(ServedMethods, in.method) {
		if !in.call {
			return actDrop, nil
		}
		return actReply, errorReply(in.id, http.StatusOK, codeMethodNotFound,
			"method not found: %q; ubp serves initialize, ping, tools/list and tools/call", in.method)
	}
	if in.call && strings.HasPrefix(in.method, "notifications/") {
		return actReply, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
			"invalid request: %q is a notification and must not have an id", in.method)
	}
	if !in.call && !strings.HasPrefix(in.method, "notifications/") {
		return actDrop, nil // a request without id cannot be answered
	}
	if r := requireObjectParams(in, in.method == "tools/call"); r != nil {
		return actReply, r
	}
	switch in.method {
	case "tools/call":
		if r := g.checkToolCall(in); r != nil {
			return actReply, r
		}
	case "tools/list":
		if r := checkListCursor(in); r != nil {
			return actReply, r
		}
	}
	return actForward, nil
}

// requireObjectParams checks that params, when present (or required), is a
// JSON object.
func requireObjectParams(in *inbound, required bool) *reply {
	if len(in.params) == 0 {
		if required {
			return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: %s requires params", in.method)
		}
		return nil
	}
	if bytes.TrimSpace(in.params)[0] != '{' {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: params of %s must be an object", in.method)
	}
	return nil
}

// checkListCursor refuses a tools/list cursor: ubp lists every tool in one
// page and never issues one.
func checkListCursor(in *inbound) *reply {
	var p struct {
		Cursor *string `json:"cursor"`
	}
	if len(in.params) == 0 || json.Unmarshal(in.params, &p) != nil || p.Cursor == nil {
		return nil
	}
	return errorReply(in.id, http.StatusOK, codeInvalidParams,
		"invalid params: tools/list cursor %q was not issued by this server; ubp lists every tool in one page, so call tools/list without a cursor", *p.Cursor)
}

// checkInitializeParams checks the members of initialize's params that
// the SDK needs, so that a malformed handshake gets a clear -32602.
func checkInitializeParams(in *inbound) *reply {
	var p map[string]json.RawMessage
	if err := json.Unmarshal(in.params, &p); err != nil {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: %v", err)
	}
	var version string
	if v, ok := p["protocolVersion"]; !ok || json.Unmarshal(v, &version) != nil || version == "" {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, `invalid params: initialize requires "protocolVersion", a string such as "2025-06-18"`)
	}
	for _, k := range []string{"capabilities", "clientInfo"} {
		if v, ok := p[k]; ok && !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
			return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: initialize %q must be an object", k)
		}
	}
	var ip mcp.InitializeParams
	if err := json.Unmarshal(in.params, &ip); err != nil {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: initialize: %v", err)
	}
	return nil
}

// checkToolCall answers a tools/call that the tools cannot serve: a missing
// name is a protocol error (-32602); an unknown or hidden tool and bad
// arguments are tool errors, so that the agent reads what to change.
func (g *Gate) checkToolCall(in *inbound) *reply {
	var p struct {
		Name      *json.RawMessage `json:"name"`
		Arguments json.RawMessage  `json:"arguments"`
	}
	if err := json.Unmarshal(in.params, &p); err != nil {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: %v", err)
	}
	var name string
	if p.Name == nil || json.Unmarshal(*p.Name, &name) != nil || name == "" {
		return errorReply(in.id, http.StatusOK, codeInvalidParams,
			"invalid params: tools/call requires params.name, one of: %s", strings.Join(g.names, ", "))
	}
	schema, ok := g.tools[name]
	if !ok {
		if why := g.disabled(name); why != "" {
			return toolErrorReply(in.id, fmt.Sprintf("tool %q is disabled by this server's configuration (%s); available tools are %s",
				name, why, strings.Join(g.names, ", ")))
		}
		return toolErrorReply(in.id, fmt.Sprintf("unknown tool %q: available tools are %s", name, strings.Join(g.names, ", ")))
	}
	args := bytes.TrimSpace(p.Arguments)
	if len(args) > 0 && !bytes.Equal(args, []byte("null")) && args[0] != '{' {
		return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: params.arguments must be an object, got %s", describeRaw(args))
	}
	if err := schema.check(args); err != nil {
		return toolErrorReply(in.id, fmt.Sprintf("%s: %v", name, err))
	}
	if bytes.Equal(args, []byte("null")) {
		// The SDK (v1.8.0) panics applying schema defaults to "arguments":
		// null; absent arguments mean the same and work.
		if err := dropArguments(in); err != nil {
			return errorReply(in.id, http.StatusOK, codeInvalidParams, "invalid params: %v", err)
		}
	}
	return nil
}

// describeRaw is the JSON text raw as describe writes a value: cut after
// 60 bytes.
func describeRaw(raw []byte) string {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return "no JSON value"
	}
	return describe(v)
}

// dropArguments removes params.arguments from a forwarded tools/call.
func dropArguments(in *inbound) error {
	var params map[string]json.RawMessage
	if err := json.Unmarshal(in.params, &params); err != nil {
		return err
	}
	delete(params, "arguments")
	data, err := json.Marshal(params)
	if err != nil {
		return err
	}
	in.params = data
	if req, ok := in.msg.(*jsonrpc.Request); ok {
		req.Params = data
		in.rewritten = true
	}
	return nil
}

// toolResult is the CallToolResult of a tool error built by the gate.
type toolResult struct {
	Content []textContent `json:"content"`
	IsError bool          `json:"isError"`
}

type textContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func toolErrorReply(id json.RawMessage, msg string) *reply {
	return &reply{
		ID:         id,
		Result:     toolResult{Content: []textContent{{Type: "text", Text: msg}}, IsError: true},
		HTTPStatus: http.StatusOK,
	}
}
