package mcpserver

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestStdioCancellation: after notifications/cancelled the request gets no
// response and its work stops (the engine call sees its context end).
func TestStdioCancellation(t *testing.T) {
	f := newFakeEngine(t)
	c := startStdio(t, f, fakeOpts)
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":"slow","method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`)
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"slow","reason":"user pressed stop"}}`)
	select {
	case <-f.cancelled:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine call did not stop after notifications/cancelled")
	}
	// The next message is the ping's answer, not the cancelled call's.
	if m := c.request("ping", nil); m.result() == nil {
		t.Fatalf("ping after cancel: %v", m)
	}
	if err := c.closeAndWait(); err != nil {
		t.Fatal(err)
	}
	for _, m := range c.remaining() {
		if m["id"] == "slow" {
			t.Errorf("a response was sent for the cancelled request: %v", m)
		}
	}
}

// TestStdioInitializationGating: between the initialize response and
// notifications/initialized only ping is served.
func TestStdioInitializationGating(t *testing.T) {
	c := startStdio(t, newFakeEngine(t), fakeOpts)
	m := c.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "t", "version": "1"}})
	if m.result() == nil {
		t.Fatal(m)
	}
	if m := c.request("tools/list", nil); m.errCode() != -32600 || !strings.Contains(m.errMessage(), "notifications/initialized") {
		t.Errorf("tools/list before notifications/initialized: %v, want -32600 naming notifications/initialized", m)
	}
	if m := c.request("tools/call", map[string]any{"name": "ubp_list_pages"}); m.errCode() != -32600 {
		t.Errorf("tools/call before notifications/initialized: %v, want -32600", m)
	}
	if m := c.request("ping", nil); m.result() == nil {
		t.Errorf("ping before notifications/initialized: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	if m := c.request("tools/list", nil); m.result() == nil {
		t.Errorf("tools/list after notifications/initialized: %v", m)
	}
}

// TestStdioMessages: error messages say what is wrong in the protocol's
// terms, never in Go's.
func TestStdioMessages(t *testing.T) {
	c := startStdio(t, newFakeEngine(t), fakeOpts)
	c.initialize()
	cases := []struct {
		name, line string
		code       int
		want       string
	}{
		{"ping with array params", `{"jsonrpc":"2.0","id":1,"method":"ping","params":[]}`, -32602, "params of ping must be an object"},
		{"bogus tools/list cursor", `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"bogus"}}`, -32602, `cursor "bogus"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.send(tc.line)
			m := c.recv()
			if m.errCode() != tc.code || !strings.Contains(m.errMessage(), tc.want) {
				t.Errorf("%s: %v, want %d with %q", tc.name, m, tc.code, tc.want)
			}
			for _, leak := range []string{"json:", "Go value", "unmarshal", "jsonrpc2"} {
				if strings.Contains(m.errMessage(), leak) {
					t.Errorf("%s: message leaks Go internals (%q): %s", tc.name, leak, m.errMessage())
				}
			}
		})
	}
	m := c.callTool(ToolGetContext, map[string]any{"filepath": "x", "max_size": 2000000})
	if !m.isToolError() || !strings.Contains(m.toolText(), "1000 to 1000000") || strings.Contains(m.toolText(), "e+") {
		t.Errorf("max_size out of range: %q, want the bound written 1000000", m.toolText())
	}
}

// TestStdioSendsTextAsIs: text the model reads is not HTML-escaped on the
// wire (<, > and & would cost 6 bytes each), and get_context's total_size
// is the size of structuredContent as sent.
func TestStdioSendsTextAsIs(t *testing.T) {
	f := newFakeEngine(t)
	c := startStdio(t, f, fakeOpts)
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ubp_get_page","arguments":{"filepath":"a.md"}}}`)
	var line []byte
	select {
	case line = <-c.lines:
	case <-time.After(20 * time.Second):
		t.Fatal("no answer")
	}
	if strings.Contains(string(line), `\u003c`) || strings.Contains(string(line), `\u0026`) || !strings.Contains(string(line), "<angle brackets> & ampersands") {
		t.Errorf("document text is HTML-escaped on the wire: %s", line)
	}
}

// TestLegacyClientsGetJSONText: a session of a protocol version before
// structuredContent reads the answer as JSON text; newer ones get a
// summary beside structuredContent. The version is the one the server
// answered initialize with: a client asking for one ubp does not know
// (1.0, 2025-01-01) is answered 2025-11-25 and was sent the JSON text too,
// as if it had asked for an old version. Each gets the answer once: a
// legacy session no structuredContent beside the JSON text.
func TestLegacyClientsGetJSONText(t *testing.T) {
	cases := []struct {
		asked, negotiated string
		jsonText          bool
	}{
		{"2024-11-05", "2024-11-05", true},
		{"2025-03-26", "2025-03-26", true},
		{"2025-06-18", "2025-06-18", false},
		{"2025-11-25", "2025-11-25", false},
		{"2025-01-01", "2025-11-25", false},
		{"1.0", "2025-11-25", false},
		{"2099-01-01", "2025-11-25", false},
	}
	for _, tc := range cases {
		t.Run(tc.asked, func(t *testing.T) {
			c := startStdio(t, newFakeEngine(t), fakeOpts)
			m := c.request("initialize", map[string]any{"protocolVersion": tc.asked, "capabilities": map[string]any{},
				"clientInfo": map[string]any{"name": "old", "version": "1"}})
			if got := m.result()["protocolVersion"]; got != tc.negotiated {
				t.Fatalf("initialize asking %s: protocolVersion %v, want %s", tc.asked, got, tc.negotiated)
			}
			c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
			m = c.callTool(ToolListPages, map[string]any{})
			var v map[string]any
			isJSON := json.Unmarshal([]byte(m.toolText()), &v) == nil && v["total"] == 3.0
			if isJSON != tc.jsonText {
				t.Errorf("text block of a %s session (asked %s): %q, want JSON text: %v", tc.negotiated, tc.asked, m.toolText(), tc.jsonText)
			}
			// The answer is sent once: beside the JSON text, a legacy
			// session (which does not know structuredContent) is not sent
			// it again as structuredContent.
			if _, structured := m.result()["structuredContent"]; structured == tc.jsonText {
				t.Errorf("a %s session (asked %s) got structuredContent: %v, want %v", tc.negotiated, tc.asked, structured, !tc.jsonText)
			}
		})
	}
}

// TestStdioPipelinedHandshake: a client that sends initialize,
// notifications/initialized and a request without waiting (printf | ubp
// serve) has ended its part of the handshake; its request is served.
func TestStdioPipelinedHandshake(t *testing.T) {
	c := startStdio(t, newFakeEngine(t), fakeOpts)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	got := map[float64]msg{}
	for len(got) < 2 {
		m := c.recv()
		got[m["id"].(float64)] = m
	}
	if got[1].result() == nil || got[2].result() == nil {
		t.Errorf("pipelined handshake: %v", got)
	}
}

// TestContextSizeIsWhatIsSent: get_context's total_size is the size of
// structuredContent on the wire, and stays under max_size.
func TestContextSizeIsWhatIsSent(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	for _, size := range []int{2000, 20000} {
		t.Run(fmt.Sprint("max_size ", size), func(t *testing.T) {
			c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"ubp_get_context","arguments":{"filepath":"designs/architecture.md","max_size":%d}}}`, size, size))
			var line []byte
			select {
			case line = <-c.lines:
			case <-time.After(20 * time.Second):
				t.Fatal("no answer")
			}
			var m struct {
				Result struct {
					StructuredContent json.RawMessage `json:"structuredContent"`
				} `json:"result"`
			}
			if err := json.Unmarshal(line, &m); err != nil {
				t.Fatal(err)
			}
			var sc struct {
				TotalSize int `json:"total_size"`
			}
			json.Unmarshal(m.Result.StructuredContent, &sc)
			if sent := len(m.Result.StructuredContent); sent != sc.TotalSize || sent > size {
				t.Errorf("max_size %d: structuredContent is %d bytes on the wire, total_size says %d", size, sent, sc.TotalSize)
			}
		})
	}
}

// TestStaleResultsSayWhy: a stale search result lists the source_refs
// that changed, with their reasons.
func TestStaleResultsSayWhy(t *testing.T) {
	c := startStdio(t, newFakeEngine(t), fakeOpts)
	c.initialize()
	m := c.callTool(ToolSearch, map[string]any{"query": "stale"})
	res, _ := m.result()["structuredContent"].(map[string]any)["results"].([]any)
	if len(res) != 1 {
		t.Fatalf("results: %v", m)
	}
	refs, _ := res[0].(map[string]any)["changed_refs"].([]any)
	if len(refs) != 1 || refs[0].(map[string]any)["ref"] != "main.go" || refs[0].(map[string]any)["reason"] != "modified" {
		t.Errorf("changed_refs = %v, want main.go modified only", refs)
	}
}

// TestStdioDuplicateInFlightID: a request whose id is that of a call not
// yet answered gets an error naming the id, as over HTTP; the SDK answered
// nothing at all, so the client waited for ever. The call that holds the
// id is still answered (here: cancelled, so not at all), and the id can be
// used again once it is free.
func TestStdioDuplicateInFlightID(t *testing.T) {
	f := newFakeEngine(t)
	c := startStdio(t, f, fakeOpts)
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`)
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":"dup","method":"ping"}`,
		`{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`,
	} {
		c.send(line)
		m := c.recv()
		if m["id"] != "dup" || m.errCode() != -32600 || !strings.Contains(m.errMessage(), `request ID "dup" is already in use`) {
			t.Errorf("%s while a call with its id runs: %v, want -32600 for id \"dup\" saying the id is in use", line, m)
		}
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"dup"}}`)
	select {
	case <-f.cancelled:
	case <-time.After(20 * time.Second):
		t.Fatal("the engine call did not stop after notifications/cancelled")
	}
	if m := c.request("ping", nil); m.result() == nil {
		t.Fatalf("ping: %v", m)
	}
}
