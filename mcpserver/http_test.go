package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// httpServer is Serve running with --http on a real loopback listener.
type httpServer struct {
	t        testing.TB
	url      string // http://127.0.0.1:PORT/mcp
	hostport string
	token    string
	done     chan error
	cancel   context.CancelFunc
	stderr   *syncBuffer
}

var listenURL = regexp.MustCompile(`url=(http://([^/\s]+)/mcp)`)

// startHTTP runs Serve with opts.HTTPAddr (default 127.0.0.1:0) and waits
// until it logs its URL.
func startHTTP(t *testing.T, e Engine, opts Options) *httpServer {
	t.Helper()
	if opts.HTTPAddr == "" {
		opts.HTTPAddr = "127.0.0.1:0"
	}
	stderr := &syncBuffer{}
	opts.Stderr = stderr
	ctx, cancel := context.WithCancel(context.Background())
	h := &httpServer{t: t, done: make(chan error, 1), cancel: cancel, stderr: stderr, token: opts.Token}
	go func() { h.done <- Serve(ctx, e, strings.NewReader(""), io.Discard, opts) }()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if m := listenURL.FindStringSubmatch(stderr.String()); m != nil {
			h.url, h.hostport = m[1], m[2]
			break
		}
		select {
		case err := <-h.done:
			t.Fatalf("Serve returned before listening: %v\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not log its URL within 10s:\n%s", stderr.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-h.done:
			if err != nil {
				t.Errorf("Serve over HTTP returned %v on cancel, want nil", err)
			}
		case <-time.After(15 * time.Second):
			t.Errorf("Serve over HTTP did not return within 15s of cancel")
		}
	})
	return h
}

// httpResp is a response with its JSON-RPC messages, whether sent as
// application/json or as SSE events.
type httpResp struct {
	status int
	header http.Header
	body   []byte
	msgs   []msg
	events []sseEvent
}

type sseEvent struct {
	id, name, data string
}

// do sends a request; hdr values override the defaults.
func (h *httpServer) do(method, sid, body string, hdr map[string]string) *httpResp {
	h.t.Helper()
	req, err := http.NewRequest(method, h.url, strings.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
	} else {
		req.Header.Set("Accept", "text/event-stream")
	}
	if sid != "" {
		req.Header.Set(sessionIDHeader, sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25") // as clients do after initialize
	}
	if h.token != "" {
		req.Header.Set("Authorization", "Bearer "+h.token)
	}
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, h.url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatalf("read body: %v", err)
	}
	r := &httpResp{status: resp.StatusCode, header: resp.Header, body: data}
	switch ct := resp.Header.Get("Content-Type"); {
	case strings.HasPrefix(ct, "text/event-stream"):
		r.events = parseSSE(data)
		for _, ev := range r.events {
			if strings.TrimSpace(ev.data) != "" {
				r.msgs = append(r.msgs, checkJSONRPC(h.t, []byte(ev.data)))
			}
		}
	case strings.HasPrefix(ct, "application/json"):
		r.msgs = append(r.msgs, checkJSONRPC(h.t, data))
	}
	return r
}

func (h *httpServer) post(sid, body string) *httpResp {
	h.t.Helper()
	return h.do(http.MethodPost, sid, body, nil)
}

// one returns the single JSON-RPC message of r.
func (r *httpResp) one(t *testing.T) msg {
	t.Helper()
	if len(r.msgs) != 1 {
		t.Fatalf("want one JSON-RPC message, got %d (status %d): %s", len(r.msgs), r.status, r.body)
	}
	return r.msgs[0]
}

func parseSSE(data []byte) []sseEvent {
	var out []sseEvent
	var cur sseEvent
	var dataLines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	flush := func() {
		if cur.id != "" || len(dataLines) > 0 || cur.name != "" {
			cur.data = strings.Join(dataLines, "\n")
			out = append(out, cur)
		}
		cur, dataLines = sseEvent{}, nil
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "id:"):
			cur.id = strings.TrimSpace(line[3:])
		case strings.HasPrefix(line, "event:"):
			cur.name = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:"):
			dataLines = append(dataLines, strings.TrimPrefix(line[5:], " "))
		}
	}
	flush()
	return out
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"http-test","version":"1"}}}`

// session initializes and returns the session id.
func (h *httpServer) session() string {
	h.t.Helper()
	r := h.post("", initBody)
	if r.status != http.StatusOK {
		h.t.Fatalf("initialize: status %d: %s", r.status, r.body)
	}
	sid := r.header.Get(sessionIDHeader)
	if sid == "" {
		h.t.Fatalf("initialize issued no %s", sessionIDHeader)
	}
	if n := h.post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); n.status != http.StatusAccepted {
		h.t.Fatalf("notifications/initialized: status %d, want 202", n.status)
	}
	return sid
}

func TestHTTPSessionLifecycle(t *testing.T) {
	h := startHTTP(t, taskflow(t), quiet)
	r := h.post("", initBody)
	if r.status != http.StatusOK {
		t.Fatalf("initialize: %d %s", r.status, r.body)
	}
	sid := r.header.Get(sessionIDHeader)
	if sid == "" {
		t.Fatal("no Mcp-Session-Id at initialize")
	}
	caps, _ := json.Marshal(r.one(t).result()["capabilities"])
	if string(caps) != `{"tools":{}}` {
		t.Errorf("capabilities = %s, want {\"tools\":{}}", caps)
	}
	if n := h.post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); n.status != http.StatusAccepted || len(n.body) != 0 {
		t.Errorf("notification: status %d body %q, want 202 and no body", n.status, n.body)
	}
	list := h.post(sid, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`).one(t)
	if tools, _ := list.result()["tools"].([]any); len(tools) != 6 {
		t.Errorf("tools/list over HTTP: %v", list)
	}
	call := h.post(sid, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ubp_get_page","arguments":{"filepath":"api/rest-endpoints.md"}}}`).one(t)
	if call.isToolError() || call.result()["structuredContent"] == nil {
		t.Errorf("tools/call over HTTP: %v", call)
	}
	nullArgs := h.post(sid, `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":null}}`).one(t)
	if nullArgs.isToolError() || nullArgs.result()["structuredContent"] == nil {
		t.Errorf(`"arguments": null over HTTP: %v`, nullArgs)
	}
	if p := h.post(sid, `{"jsonrpc":"2.0","id":5,"method":"ping"}`).one(t); p.result() == nil {
		t.Errorf("ping: %v", p)
	}
	if d := h.do(http.MethodDelete, sid, "", nil); d.status != http.StatusNoContent && d.status != http.StatusOK {
		t.Errorf("DELETE: status %d %s", d.status, d.body)
	}
	gone := h.post(sid, `{"jsonrpc":"2.0","id":6,"method":"tools/list"}`)
	if gone.status != http.StatusNotFound || gone.one(t).errCode() != codeSessionNotFound {
		t.Errorf("request after DELETE: status %d %s, want 404 session not found", gone.status, gone.body)
	}
	if g := h.do(http.MethodGet, sid, "", nil); g.status != http.StatusNotFound {
		t.Errorf("GET after DELETE: status %d, want 404", g.status)
	}
}

func TestHTTPProtocolErrors(t *testing.T) {
	h := startHTTP(t, taskflow(t), quiet)
	sid := h.session()
	cases := []struct {
		name   string
		method string
		sid    string
		body   string
		hdr    map[string]string
		status int
		code   int  // JSON-RPC error code; 0: none expected
		tool   bool // a tool error result
	}{
		{"ping without a session", "POST", "", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, nil, 200, 0, false},
		{"tools/list without a session", "POST", "", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, nil, 400, -32600, false},
		{"notification without a session", "POST", "", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil, 400, -32600, false},
		{"unknown session", "POST", "nosuchsession", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, nil, 404, codeSessionNotFound, false},
		{"malformed JSON", "POST", sid, `{"jsonrpc":`, nil, 400, -32700, false},
		{"malformed JSON without a session", "POST", "", `{{`, nil, 400, -32700, false},
		{"batch", "POST", sid, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, nil, 400, -32600, false},
		{"empty body", "POST", sid, ``, nil, 400, -32600, false},
		{"unknown method", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"nope"}`, nil, 200, -32601, false},
		{"resources/list", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"resources/list"}`, nil, 200, -32601, false},
		{"prompts/list", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"prompts/list"}`, nil, 200, -32601, false},
		{"logging/setLevel", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}`, nil, 200, -32601, false},
		{"tools/call without name", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}`, nil, 200, -32602, false},
		{"unknown tool", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_nope"}}`, nil, 200, 0, true},
		{"argument out of range", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"x","limit":99}}}`, nil, 200, 0, true},
		{"initialize in a session", "POST", sid, initBody, nil, 400, -32600, false},
		{"initialize without params", "POST", "", `{"jsonrpc":"2.0","id":1,"method":"initialize"}`, nil, 200, -32602, false},
		{"initialize with a bad clientInfo", "POST", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","clientInfo":{"name":5}}}`, nil, 200, -32602, false},
		{"wrong content type", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, map[string]string{"Content-Type": "text/plain"}, 415, 0, false},
		{"body too large", "POST", sid, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", 5<<20) + `"}}`, nil, 413, -32600, false},
		{"GET without a session", "GET", "", "", nil, 400, 0, false},
		{"DELETE without a session", "DELETE", "", "", nil, 400, 0, false},
		{"PUT", "PUT", sid, "", nil, 405, 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := h.do(tc.method, tc.sid, tc.body, tc.hdr)
			if r.status != tc.status {
				t.Errorf("%s: status %d, want %d (%s)", tc.name, r.status, tc.status, r.body)
				return
			}
			switch {
			case tc.code != 0:
				if m := r.one(t); m.errCode() != tc.code {
					t.Errorf("%s: code %d, want %d (%s)", tc.name, m.errCode(), tc.code, r.body)
				}
			case tc.tool:
				if m := r.one(t); !m.isToolError() {
					t.Errorf("%s: want a tool error, got %s", tc.name, r.body)
				}
			case tc.status == 200:
				if m := r.one(t); m.result() == nil {
					t.Errorf("%s: want a result, got %s", tc.name, r.body)
				}
			}
		})
	}
	// The session survived every bad request.
	if m := h.post(sid, `{"jsonrpc":"2.0","id":99,"method":"tools/list"}`).one(t); m.result() == nil {
		t.Errorf("session broken after bad requests: %v", m)
	}
	if strings.Contains(h.stderr.String(), "panic") {
		t.Errorf("server panicked:\n%s", h.stderr.String())
	}
}

func TestHTTPHostAndOrigin(t *testing.T) {
	h := startHTTP(t, taskflow(t), quiet)
	port := h.hostport[strings.LastIndex(h.hostport, ":"):]
	sid := h.session()
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	cases := []struct {
		name   string
		method string
		hdr    map[string]string
		status int
	}{
		{"rebinding Host", "POST", map[string]string{"Host": "evil.example.com" + port}, 403},
		{"rebinding Host on GET", "GET", map[string]string{"Host": "evil.example.com" + port}, 403},
		{"rebinding Host on DELETE", "DELETE", map[string]string{"Host": "evil.example.com"}, 403},
		{"foreign Origin", "POST", map[string]string{"Origin": "https://evil.example.com"}, 403},
		{"foreign Origin on GET", "GET", map[string]string{"Origin": "http://evil.example.com"}, 403},
		{"null Origin", "POST", map[string]string{"Origin": "null"}, 403},
		{"file Origin", "POST", map[string]string{"Origin": "file://"}, 403},
		{"localhost Host", "POST", map[string]string{"Host": "localhost" + port}, 200},
		{"a .localhost name, as documented", "POST", map[string]string{"Host": "app.localhost" + port}, 200},
		{"LOCALHOST in capitals", "POST", map[string]string{"Host": "LOCALHOST" + port}, 200},
		{"IPv6 loopback Host", "POST", map[string]string{"Host": "[::1]" + port}, 200},
		{"local Origin", "POST", map[string]string{"Origin": "http://localhost:6274"}, 200},
		{"loopback Origin", "POST", map[string]string{"Origin": "http://127.0.0.1" + port}, 200},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := ""
			if tc.method == "POST" {
				body = ping
			}
			r := h.do(tc.method, sid, body, tc.hdr)
			if r.status != tc.status {
				t.Errorf("%s: status %d, want %d (%s)", tc.name, r.status, tc.status, r.body)
			}
		})
	}
}

func TestHTTPBearerToken(t *testing.T) {
	opts := quiet
	opts.Token, opts.TokenSource = "from-env-token-0123456789", EnvHTTPToken
	h := startHTTP(t, taskflow(t), opts)
	h.token = ""
	if r := h.post("", initBody); r.status != http.StatusUnauthorized || !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Bearer") {
		t.Errorf("no token: status %d, WWW-Authenticate %q; want 401 Bearer", r.status, r.header.Get("WWW-Authenticate"))
	}
	if r := h.do("POST", "", initBody, map[string]string{"Authorization": "Bearer wrong"}); r.status != http.StatusUnauthorized {
		t.Errorf("wrong token: status %d, want 401", r.status)
	}
	if r := h.do("GET", "x", "", map[string]string{"Authorization": "Basic Zm9vOmJhcg=="}); r.status != http.StatusUnauthorized {
		t.Errorf("GET with basic auth: status %d, want 401", r.status)
	}
	h.token = "from-env-token-0123456789"
	if sid := h.session(); sid == "" {
		t.Error("right token refused")
	}
}

// TestHTTPNonLoopbackNeedsToken: --http on every interface starts only with
// a token, and then every request needs it.
func TestHTTPNonLoopbackNeedsToken(t *testing.T) {
	e := taskflow(t)
	err := Serve(context.Background(), e, strings.NewReader(""), io.Discard, Options{HTTPAddr: "0.0.0.0:0", NoLock: true, NoWatch: true, Stderr: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "--token") {
		t.Fatalf("0.0.0.0 without a token: %v, want an error asking for --token", err)
	}
	opts := quiet
	opts.HTTPAddr, opts.Token = "0.0.0.0:0", "t0ken-0123456789abc"
	h := startHTTP(t, e, opts)
	port := h.hostport[strings.LastIndex(h.hostport, ":"):]
	h.url = "http://127.0.0.1" + port + EndpointPath
	h.session()
	h.token = ""
	if r := h.post("", initBody); r.status != http.StatusUnauthorized {
		t.Errorf("no token: %d", r.status)
	}
}

// TestHTTPAnswersAreWhole: a POST is answered by one complete JSON
// response (the SDK's JSONResponse mode), so there is no POST stream to
// resume; the standalone GET stream still checks Last-Event-ID.
func TestHTTPAnswersAreWhole(t *testing.T) {
	h := startHTTP(t, taskflow(t), quiet)
	sid := h.session()
	r := h.post(sid, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ubp_fulltext_search","arguments":{"query":"WebSocket"}}}`)
	if !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") || r.one(t).result() == nil {
		t.Fatalf("tools/call answered as %q: %s", r.header.Get("Content-Type"), r.body)
	}
	if r.header.Get("Content-Length") == "" {
		t.Errorf("a whole answer should say its length")
	}
	if bad := h.do(http.MethodGet, sid, "", map[string]string{"Last-Event-ID": "garbage"}); bad.status != http.StatusBadRequest {
		t.Errorf("malformed Last-Event-ID: %d, want 400", bad.status)
	}
}

// TestHTTPStandaloneStream: GET opens the server-to-client SSE stream.
func TestHTTPStandaloneStream(t *testing.T) {
	h := startHTTP(t, taskflow(t), quiet)
	sid := h.session()
	req, _ := http.NewRequest(http.MethodGet, h.url, nil)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set(sessionIDHeader, sid)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("GET stream: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, ":") {
		t.Errorf("stream start %q, %v; want an SSE comment", line, err)
	}
}

// TestHTTPShutdownAnswersCallsInFlight: a tool call in flight when the
// server stops (SIGTERM, SIGINT) gets a JSON-RPC error with its id saying
// the server is shutting down, not an empty 200: the session closed under
// it left the SDK with nothing to send, and the front sent that nothing as
// a success, which a client can read neither as an answer (the TypeScript
// SDK fails parsing the empty body) nor as a reason to retry.
func TestHTTPShutdownAnswersCallsInFlight(t *testing.T) {
	f := newFakeEngine(t)
	h := startHTTP(t, f, Options{NoLock: true, NoWatch: true})
	sid := h.session()
	type answer struct {
		status int
		body   []byte
		err    error
	}
	done := make(chan answer, 1)
	go func() {
		req, err := http.NewRequest(http.MethodPost, h.url, strings.NewReader(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`))
		if err != nil {
			done <- answer{err: err}
			return
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set(sessionIDHeader, sid)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		done <- answer{status: resp.StatusCode, body: body, err: err}
	}()
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	h.cancel()
	var a answer
	select {
	case a = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("the call in flight got no response within 20s of the shutdown")
	}
	if a.err != nil {
		t.Fatalf("call in flight at shutdown: %v; want an error for id 7 saying the server is shutting down", a.err)
	}
	m := checkJSONRPC(t, a.body)
	if m["id"] != 7.0 || m.errCode() == 0 || !strings.Contains(m.errMessage(), "shutting down") {
		t.Errorf("call in flight at shutdown: status %d, %s; want an error for id 7 saying the server is shutting down", a.status, a.body)
	}
}
