package mcpserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"
)

// startFront serves e through the HTTP front on a real loopback socket
// (httptest), with the http.Server settings of ubp serve and limits.
func startFront(t testing.TB, e Engine, limits sdkfront.Limits) (*httpServer, *connWatch) {
	t.Helper()
	return startFrontWithToken(t, e, limits, "")
}

// startFrontWithToken is startFront with a bearer token to check.
func startFrontWithToken(t testing.TB, e Engine, limits sdkfront.Limits, token string) (*httpServer, *connWatch) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	names, err := SelectTools(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ready := newReadiness()
	ready.finish(nil)
	srv, err := newServer(e, names, "test", ready, log, log)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	h := sdkfront.NewHTTPHandler(sdkfront.HTTPConfig{Server: srv.mcp, Gate: srv.gate, BindHost: "127.0.0.1", Token: token, Log: log, SDKLog: log, Limits: limits})
	ts.Config = sdkfront.NewHTTPServer(h, limits, log)
	cw := &connWatch{closed: make(chan struct{}, 64)}
	ts.Config.ConnState = cw.hook
	ts.Start()
	t.Cleanup(func() {
		for ss := range srv.mcp.Sessions() {
			ss.Close()
		}
		ts.CloseClientConnections()
		ts.Close()
	})
	return &httpServer{t: t, url: ts.URL + EndpointPath, hostport: strings.TrimPrefix(ts.URL, "http://")}, cw
}

// connWatch reports connections the server closed.
type connWatch struct {
	closed chan struct{}
}

func (c *connWatch) hook(_ net.Conn, s http.ConnState) {
	if s == http.StateClosed {
		c.closed <- struct{}{}
	}
}

// waitClosed waits until the server closed a connection; the limits under
// test are far below the bound, which only stops a test that would hang.
func (c *connWatch) waitClosed(t *testing.T, what string) {
	t.Helper()
	select {
	case <-c.closed:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: the server kept the connection open", what)
	}
}

var testLimits = sdkfront.Limits{
	ReadHeader: 200 * time.Millisecond, Body: 200 * time.Millisecond, Write: 200 * time.Millisecond,
	Idle: 200 * time.Millisecond, SessionIdle: time.Hour, MaxSessions: 256,
}

// TestHTTPCurlWalkthrough runs the curl session of the MCP guideline (§9):
// initialize, notifications/initialized without Accept, then tools/list,
// tools/call and ping with Accept: application/json only, each answered
// by one JSON response, and DELETE.
func TestHTTPCurlWalkthrough(t *testing.T) {
	h, _ := startFront(t, newFakeEngine(t), testLimits)
	init := h.do(http.MethodPost, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"curl-test","version":"1.0"}}}`, nil)
	sid := init.header.Get(sessionIDHeader)
	if init.status != http.StatusOK || sid == "" || init.one(t).result() == nil {
		t.Fatalf("initialize: %d %s", init.status, init.body)
	}
	note := h.do(http.MethodPost, sid, `{"jsonrpc": "2.0", "method": "notifications/initialized"}`, map[string]string{"Accept": "", "Mcp-Protocol-Version": ""})
	if note.status != http.StatusAccepted || len(note.body) != 0 {
		t.Fatalf("notifications/initialized without Accept: %d %q, want 202 and no body", note.status, note.body)
	}
	jsonOnly := map[string]string{"Accept": "application/json", "Mcp-Protocol-Version": ""}
	for _, step := range []struct{ name, body string }{
		{"tools/list", `{"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}`},
		{"tools/call", `{"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "ubp_list_pages", "arguments": {}}}`},
		{"ping", `{"jsonrpc": "2.0", "id": 4, "method": "ping"}`},
	} {
		t.Run(step.name, func(t *testing.T) {
			r := h.do(http.MethodPost, sid, step.body, jsonOnly)
			if r.status != http.StatusOK || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
				t.Errorf("%s with Accept: application/json: %d %s %s", step.name, r.status, r.header.Get("Content-Type"), r.body)
				return
			}
			if m := r.one(t); m.result() == nil || m.isToolError() {
				t.Errorf("%s: %v", step.name, m)
			}
		})
	}
	sseOnly := h.do(http.MethodPost, sid, `{"jsonrpc":"2.0","id":5,"method":"ping"}`, map[string]string{"Accept": "text/event-stream"})
	if !strings.HasPrefix(sseOnly.header.Get("Content-Type"), "text/event-stream") || sseOnly.one(t).result() == nil {
		t.Errorf("a client accepting only SSE: %s %s", sseOnly.header.Get("Content-Type"), sseOnly.body)
	}
	if del := h.do(http.MethodDelete, sid, "", map[string]string{"Accept": ""}); del.status != http.StatusNoContent {
		t.Errorf("DELETE: %d %s", del.status, del.body)
	}
	if gone := h.do(http.MethodPost, sid, `{"jsonrpc":"2.0","id":6,"method":"ping"}`, nil); gone.status != http.StatusNotFound {
		t.Errorf("after DELETE: %d, want 404", gone.status)
	}
}

// TestHTTPInitializationGating: before notifications/initialized only ping
// is served on a session.
func TestHTTPInitializationGating(t *testing.T) {
	h, _ := startFront(t, newFakeEngine(t), testLimits)
	sid := h.post("", initBody).header.Get(sessionIDHeader)
	if m := h.post(sid, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`).one(t); m.errCode() != -32600 || !strings.Contains(m.errMessage(), "notifications/initialized") {
		t.Errorf("tools/list before notifications/initialized: %v", m)
	}
	if m := h.post(sid, `{"jsonrpc":"2.0","id":3,"method":"ping"}`).one(t); m.result() == nil {
		t.Errorf("ping before notifications/initialized: %v", m)
	}
	h.post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if m := h.post(sid, `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`).one(t); m.result() == nil {
		t.Errorf("tools/list after notifications/initialized: %v", m)
	}
}

// TestHTTPCancellation: a cancelled request gets no response (202, no
// body, instead of the result) and its engine call stops.
func TestHTTPCancellation(t *testing.T) {
	f := newFakeEngine(t)
	h, _ := startFront(t, f, testLimits)
	sid := h.session()
	done := make(chan *httpResp, 1)
	go func() {
		done <- h.post(sid, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`)
	}()
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	if c := h.post(sid, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`); c.status != http.StatusAccepted {
		t.Fatalf("cancel: %d %s", c.status, c.body)
	}
	select {
	case <-f.cancelled:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine call did not stop after notifications/cancelled")
	}
	r := <-done
	if len(r.msgs) != 0 || r.status != http.StatusAccepted {
		t.Errorf("the cancelled request was answered: %d %s", r.status, r.body)
	}
	if m := h.post(sid, `{"jsonrpc":"2.0","id":10,"method":"ping"}`).one(t); m.result() == nil {
		t.Errorf("session unusable after a cancel: %v", m)
	}
}

// TestHTTPSendsTextAsIs: no HTML escaping over HTTP either.
func TestHTTPSendsTextAsIs(t *testing.T) {
	h, _ := startFront(t, newFakeEngine(t), testLimits)
	sid := h.session()
	r := h.post(sid, `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ubp_get_page","arguments":{"filepath":"a.md"}}}`)
	if strings.Contains(string(r.body), `\u003c`) || !strings.Contains(string(r.body), "<angle brackets> & ampersands") {
		t.Errorf("HTML-escaped on the wire: %s", r.body)
	}
}

// TestHTTPSessionCap: at most MaxSessions live sessions; a new one closes
// the least recently used idle session.
func TestHTTPSessionCap(t *testing.T) {
	limits := testLimits
	limits.MaxSessions = 3
	h, _ := startFront(t, newFakeEngine(t), limits)
	var sids []string
	for i := 0; i < 5; i++ {
		sids = append(sids, h.session())
	}
	for i, sid := range sids {
		r := h.post(sid, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		if evicted := i < 2; evicted != (r.status == http.StatusNotFound) {
			t.Errorf("session %d of 5 (cap 3): status %d, evicted should be %v", i+1, r.status, evicted)
		}
	}
	// Using the oldest remaining session makes the next-oldest the one to go.
	h.post(sids[2], `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	h.session()
	if r := h.post(sids[3], `{"jsonrpc":"2.0","id":3,"method":"ping"}`); r.status != http.StatusNotFound {
		t.Errorf("least recently used session survived: %d", r.status)
	}
	if r := h.post(sids[2], `{"jsonrpc":"2.0","id":4,"method":"ping"}`); r.status != http.StatusOK {
		t.Errorf("recently used session evicted: %d", r.status)
	}
}

// dialRaw opens a plain TCP connection to the server.
func dialRaw(t *testing.T, h *httpServer) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", h.hostport)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// TestHTTPTimeouts: a stalled body, slow headers, an idle keep-alive
// connection and a client that does not read its answer are all cut by
// the server over a real socket.
func TestHTTPTimeouts(t *testing.T) {
	t.Run("stalled body", func(t *testing.T) {
		h, cw := startFront(t, newFakeEngine(t), testLimits)
		c := dialRaw(t, h)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: 100\r\n\r\n{", h.hostport)
		cw.waitClosed(t, "headers and 1 byte of a 100-byte body")
	})
	t.Run("slow headers", func(t *testing.T) {
		h, cw := startFront(t, newFakeEngine(t), testLimits)
		c := dialRaw(t, h)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\n", h.hostport)
		cw.waitClosed(t, "half the headers")
	})
	t.Run("idle keep-alive", func(t *testing.T) {
		h, cw := startFront(t, newFakeEngine(t), testLimits)
		c := dialRaw(t, h)
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: %d\r\n\r\n%s", h.hostport, len(pingBody), pingBody)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close() // the connection stays open: closing the body does not close it
		cw.waitClosed(t, "an idle kept-alive connection")
	})
	t.Run("slow reader", func(t *testing.T) {
		f := newFakeEngine(t)
		f.pages, f.pageBytes = 100, 300_000 // a 30 MB answer: more than socket buffers hold
		h, cw := startFront(t, f, testLimits)
		sid := h.session()
		c := dialRaw(t, h)
		body := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`
		fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json\r\nMcp-Session-Id: %s\r\nContent-Length: %d\r\n\r\n%s", h.hostport, sid, len(body), body)
		// Never read the answer.
		cw.waitClosed(t, "a client that does not read its answer")
	})
}

// TestHTTPRefusedStalledBodies: a request refused for its Host, Origin,
// token or path is answered at once, however little of its body came, and
// its connection closed (they held it forever, unauthenticated).
func TestHTTPRefusedStalledBodies(t *testing.T) {
	for _, tc := range []struct {
		name, path, headers string
		status              int
	}{
		{"no token", "/mcp", "", http.StatusUnauthorized},
		{"foreign Host", "/mcp", "Authorization: Bearer " + testToken + "\r\n", http.StatusForbidden},
		{"foreign Origin", "/mcp", "Authorization: Bearer " + testToken + "\r\nOrigin: https://evil.example\r\n", http.StatusForbidden},
		{"another path", "/other", "Authorization: Bearer " + testToken + "\r\n", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, cw := startFrontWithToken(t, newFakeEngine(t), testLimits, testToken)
			c := dialRaw(t, h)
			host := h.hostport
			if tc.name == "foreign Host" {
				host = "evil.example"
			}
			// The client's own bound only stops a test that would hang.
			_ = c.SetDeadline(time.Now().Add(20 * time.Second))
			fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: %s\r\n%sContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":", tc.path, host, tc.headers)
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			resp.Body.Close()
			if resp.StatusCode != tc.status {
				t.Errorf("status %d, want %d", resp.StatusCode, tc.status)
			}
			cw.waitClosed(t, "a refused request with a stalled body")
		})
	}
}

// testToken is the bearer token of startFrontWithToken's servers in tests.
const testToken = "test-token-0123456789abcdef"

// TestHTTPSlowToolIsNotASlowReader: the write limit counts from when the
// answer is ready, so a tool call longer than it is still answered.
func TestHTTPSlowToolIsNotASlowReader(t *testing.T) {
	h, _ := startFront(t, newFakeEngine(t), testLimits)
	sid := h.session()
	r := h.post(sid, `{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"slow"}}}`)
	if m := r.one(t); m.result() == nil || m.isToolError() {
		t.Errorf("slow tool call: %d %s", r.status, r.body)
	}
}

const pingBody = `{"jsonrpc":"2.0","id":1,"method":"ping"}`

// TestServeRejectsWeakToken: a bearer token must be long enough to mean
// something, whether from --token or UBP_HTTP_TOKEN.
func TestServeRejectsWeakToken(t *testing.T) {
	// A cancelled context: a token wrongly accepted makes Serve return nil
	// at once instead of serving.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tok := range []string{" ", "short", "abcdefghijklmno", "                    ", "abcd efgh ijkl mnop"} {
		t.Run(fmt.Sprintf("%q", tok), func(t *testing.T) {
			opts := fakeOpts
			opts.HTTPAddr, opts.Token = "127.0.0.1:0", tok
			err := Serve(ctx, newFakeEngine(t), strings.NewReader(""), io.Discard, opts)
			if err == nil || !strings.Contains(err.Error(), "token") {
				t.Errorf("token %q: %v, want an error about the token", tok, err)
			}
		})
	}
	opts := fakeOpts
	opts.HTTPAddr = "127.0.0.1:0"
	opts.Token, opts.TokenSource = "tiny", EnvHTTPToken
	if err := Serve(ctx, newFakeEngine(t), strings.NewReader(""), io.Discard, opts); err == nil || !strings.Contains(err.Error(), EnvHTTPToken) {
		t.Errorf("a short %s: %v, want an error naming it", EnvHTTPToken, err)
	}
}

// FuzzHTTPPost: any POST body on a live session gets an HTTP answer with a
// JSON-RPC body or none (202), never a panic, and the session goes on.
func FuzzHTTPPost(f *testing.F) {
	for _, seed := range []string{
		pingBody, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ubp_get_page","arguments":{"filepath":"a.md","max_size":1000}}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}`, `[{"jsonrpc":"2.0"}]`, `{"jsonrpc":`, `null`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":"x"}}`, `{"jsonrpc":"2.0","id":4,"method":"ping","params":[]}`,
	} {
		f.Add(seed)
	}
	// Long connection limits: with testLimits' 200 ms idle limit, a client
	// reusing a kept-alive connection races the server closing it.
	limits := sdkfront.DefaultLimits
	h, _ := startFront(f, newFakeEngine(f), limits)
	f.Fuzz(func(t *testing.T, body string) {
		h.t = t
		sid := h.session()
		r := h.post(sid, body)
		if r.status >= 500 {
			t.Fatalf("status %d for %q: %s", r.status, body, r.body)
		}
		if m := h.post(sid, pingBody).one(t); m.result() == nil {
			t.Fatalf("session broken after %q: %v", body, m)
		}
	})
}

// TestHTTPLargePostsTakeTurns: at most MaxPosts large POSTs are read and
// served at once, so memory stays bounded however many arrive (150 bodies
// of 4 MiB took 4 GB); one that gets no turn within the body limit is
// told the server is busy, and small ones (a cancellation) never wait.
func TestHTTPLargePostsTakeTurns(t *testing.T) {
	limits := testLimits
	limits.MaxPosts, limits.Body = 1, 300*time.Millisecond
	f := newFakeEngine(t)
	h, _ := startFront(t, f, limits)
	sid := h.session()
	pad := strings.Repeat(" ", 70<<10)
	done := make(chan *httpResp, 1)
	go func() {
		done <- h.post(sid, `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`+pad)
	}()
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	if r := h.post(sid, `{"jsonrpc":"2.0","id":10,"method":"ping"}`+pad); r.status != http.StatusServiceUnavailable || !strings.Contains(string(r.body), "busy") {
		t.Errorf("a second large POST: %d %s, want 503 busy", r.status, r.body)
	}
	if m := h.post(sid, `{"jsonrpc":"2.0","id":11,"method":"ping"}`).one(t); m.result() == nil {
		t.Errorf("a small POST waited or failed: %v", m)
	}
	if c := h.post(sid, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}`); c.status != http.StatusAccepted {
		t.Fatalf("cancel: %d %s", c.status, c.body)
	}
	<-done
	if m := h.post(sid, `{"jsonrpc":"2.0","id":12,"method":"ping"}`+pad).one(t); m.result() == nil {
		t.Errorf("a large POST after the turn was freed: %v", m)
	}
}

// TestHTTPOpenStreamIsNotBusy: a session that only holds its standalone
// SSE stream open (GET, as SDK clients open by default) is idle, and is
// closed for a new session when the cap is reached; 256 such clients
// locked out every other with 503.
func TestHTTPOpenStreamIsNotBusy(t *testing.T) {
	limits := testLimits
	limits.MaxSessions = 2
	h, _ := startFront(t, newFakeEngine(t), limits)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 2 {
		sid := h.session()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.url, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set(sessionIDHeader, sid)
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET stream: %d", resp.StatusCode)
		}
	}
	if r := h.post("", initBody); r.status != http.StatusOK {
		t.Errorf("initialize with every session holding only its stream: %d %s, want 200", r.status, r.body)
	}
}
