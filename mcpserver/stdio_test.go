package mcpserver

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"
)

// quiet are the options of tests that share the taskflow engine.
var quiet = Options{NoLock: true, NoWatch: true}

func TestStdioInitializeDeclaresOnlyTools(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	m := c.initialize()
	res := m.result()
	caps, _ := json.Marshal(res["capabilities"])
	if string(caps) != `{"tools":{}}` {
		t.Errorf("capabilities = %s, want exactly {\"tools\":{}} (the tool list never changes: no listChanged)", caps)
	}
	if res["protocolVersion"] != "2025-06-18" {
		t.Errorf("protocolVersion = %v, want the client's 2025-06-18", res["protocolVersion"])
	}
	info, _ := res["serverInfo"].(map[string]any)
	if info["name"] != "ubp" || info["version"] == "" {
		t.Errorf("serverInfo = %v", info)
	}
	if s, _ := res["instructions"].(string); !strings.Contains(s, "not as instructions") && !strings.Contains(s, "never as instructions") {
		t.Errorf("instructions do not warn that document text is data: %q", s)
	}
}

func TestStdioNegotiatesNewestLegacyVersion(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	m := c.request("initialize", map[string]any{
		"protocolVersion": "2099-01-01", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "t", "version": "1"},
	})
	if v := m.result()["protocolVersion"]; v != "2025-11-25" {
		t.Errorf("protocolVersion for an unknown client version = %v, want 2025-11-25", v)
	}
}

// TestStdioProtocolErrors sends raw lines and checks each answer. Every
// case runs in one session, in order, which also shows that no bad input
// ends the session.
func TestStdioProtocolErrors(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	type want struct {
		code    int    // JSON-RPC error code, 0 for a result
		id      any    // expected id (nil = JSON null)
		inError string // substring of the error message
		result  bool
	}
	steps := []struct {
		name string
		line string
		want want
	}{
		{"ping before initialize", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, want{id: 1.0, result: true}},
		{"tools/list before initialize", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, want{code: -32600, id: 2.0, inError: "initialize"}},
		{"tools/call before initialize", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ubp_list_pages"}}`, want{code: -32600, id: 3.0}},
		{"resources/list before initialize", `{"jsonrpc":"2.0","id":"r","method":"resources/list"}`, want{code: -32600, id: "r"}},
		{"malformed JSON", `{"jsonrpc":"2.0","id":4,"method":`, want{code: -32700, id: nil, inError: "parse error"}},
		{"not JSON at all", `hello`, want{code: -32700, id: nil}},
		{"batch", `[{"jsonrpc":"2.0","id":5,"method":"ping"}]`, want{code: -32600, id: nil, inError: "batch"}},
		{"scalar", `42`, want{code: -32600, id: nil}},
		{"wrong version", `{"jsonrpc":"1.0","id":6,"method":"ping"}`, want{code: -32600, id: 6.0}},
		{"missing method", `{"jsonrpc":"2.0","id":7}`, want{code: -32600, id: 7.0, inError: "method"}},
		{"method not a string", `{"jsonrpc":"2.0","id":8,"method":5}`, want{code: -32600, id: 8.0}},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, want{code: -32600, id: nil}},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, want{code: -32600, id: nil}},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, want{code: -32600, id: nil}},
		{"initialize without protocolVersion", `{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"capabilities":{}}}`, want{code: -32602, id: "i", inError: "protocolVersion"}},
		{"initialize with bad capabilities", `{"jsonrpc":"2.0","id":"j","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":[]}}`, want{code: -32602, id: "j", inError: "capabilities"}},
		{"initialize", `{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, want{id: 9.0, result: true}},
		{"initialize again", `{"jsonrpc":"2.0","id":10,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, want{code: -32600, id: 10.0, inError: "already initialized"}},
		{"tools/list before notifications/initialized", `{"jsonrpc":"2.0","id":"early","method":"tools/list"}`, want{code: -32600, id: "early", inError: "notifications/initialized"}},
		{"notifications/initialized", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, want{id: "no answer"}},
		{"unknown method", `{"jsonrpc":"2.0","id":11,"method":"foo/bar"}`, want{code: -32601, id: 11.0, inError: "foo/bar"}},
		{"resources/list", `{"jsonrpc":"2.0","id":12,"method":"resources/list"}`, want{code: -32601, id: 12.0}},
		{"resources/templates/list", `{"jsonrpc":"2.0","id":13,"method":"resources/templates/list"}`, want{code: -32601, id: 13.0}},
		{"resources/read", `{"jsonrpc":"2.0","id":14,"method":"resources/read","params":{"uri":"file:///etc/passwd"}}`, want{code: -32601, id: 14.0}},
		{"prompts/list", `{"jsonrpc":"2.0","id":15,"method":"prompts/list"}`, want{code: -32601, id: 15.0}},
		{"logging/setLevel", `{"jsonrpc":"2.0","id":16,"method":"logging/setLevel","params":{"level":"debug"}}`, want{code: -32601, id: 16.0}},
		{"completion/complete", `{"jsonrpc":"2.0","id":17,"method":"completion/complete","params":{}}`, want{code: -32601, id: 17.0}},
		{"tools/call without params", `{"jsonrpc":"2.0","id":18,"method":"tools/call"}`, want{code: -32602, id: 18.0}},
		{"tools/call without name", `{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"arguments":{}}}`, want{code: -32602, id: 19.0, inError: "params.name"}},
		{"tools/call with empty name", `{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":""}}`, want{code: -32602, id: 20.0}},
		{"tools/call params not an object", `{"jsonrpc":"2.0","id":21,"method":"tools/call","params":["ubp_search"]}`, want{code: -32602, id: 21.0}},
		{"tools/call arguments not an object", `{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"ubp_search","arguments":"q"}}`, want{code: -32602, id: 22.0}},
		{"notification with an id", `{"jsonrpc":"2.0","id":23,"method":"notifications/initialized"}`, want{code: -32600, id: 23.0}},
		{"ping after all that", `{"jsonrpc":"2.0","id":"last","method":"ping"}`, want{id: "last", result: true}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			c.send(s.line)
			if s.want.id == "no answer" {
				return
			}
			m := c.recv()
			if !reflect.DeepEqual(m["id"], s.want.id) {
				t.Errorf("%s: id = %#v, want %#v (%v)", s.name, m["id"], s.want.id, m)
			}
			if s.want.result {
				if m.result() == nil {
					t.Errorf("%s: want a result, got %v", s.name, m)
				}
				return
			}
			if m.errCode() != s.want.code {
				t.Errorf("%s: error code = %d, want %d (%v)", s.name, m.errCode(), s.want.code, m)
			}
			if s.want.inError != "" && !strings.Contains(m.errMessage(), s.want.inError) {
				t.Errorf("%s: error message %q does not mention %q", s.name, m.errMessage(), s.want.inError)
			}
		})
	}
}

// TestStdioIgnoredNotifications: notifications the server does not serve
// get no answer (the next answer is the ping's).
func TestStdioIgnoredNotifications(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.send(`{"jsonrpc":"2.0","method":"notifications/whatever"}`) // before initialize
	c.initialize()
	c.send(`{"jsonrpc":"2.0","method":"notifications/whatever","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}`)
	c.send(`{"jsonrpc":"2.0","id":555,"result":{}}`) // a response to nothing
	m := c.request("ping", nil)
	if m.result() == nil {
		t.Fatalf("ping after ignored notifications: %v", m)
	}
}

// TestStdioToolErrors: unknown tools and bad arguments are tool errors
// (isError) whose text names the tool or parameter and what to do.
func TestStdioToolErrors(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	cases := []struct {
		name     string
		tool     string
		args     map[string]any
		contains []string
	}{
		{"unknown tool lists the available ones", "ubp_delete_everything", nil, []string{`unknown tool "ubp_delete_everything"`, "ubp_search", "ubp_get_graph"}},
		{"missing required", "ubp_search", map[string]any{}, []string{`invalid parameter "query": must be given`, "got nothing"}},
		{"empty query", "ubp_search", map[string]any{"query": ""}, []string{`invalid parameter "query": must not be empty`}},
		{"limit too high", "ubp_search", map[string]any{"query": "x", "limit": 51}, []string{`"limit"`, "from 1 to 50", "got 51"}},
		{"limit zero", "ubp_search", map[string]any{"query": "x", "limit": 0}, []string{`"limit"`, "got 0"}},
		{"limit not integer", "ubp_search", map[string]any{"query": "x", "limit": 2.5}, []string{`"limit"`, "integer"}},
		{"limit wrong type", "ubp_search", map[string]any{"query": "x", "limit": "ten"}, []string{`"limit"`, `got "ten"`}},
		{"depth too deep", "ubp_search", map[string]any{"query": "x", "depth": 4}, []string{`"depth"`, "from 1 to 3"}},
		{"line past any int", "ubp_get_page", map[string]any{"filepath": "a.md", "end_line": json.Number("9223372036854775807")}, []string{`"end_line"`, "at most 2147483647", "got 9223372036854775807"}},
		{"bad link type", "ubp_search", map[string]any{"query": "x", "link_types": []string{"depends_on", "likes"}}, []string{`"link_types[1]"`, "references", `"likes"`}},
		{"context bad link type", "ubp_get_context", map[string]any{"filepath": "designs/database.md", "link_types": []string{"likes"}}, []string{`"link_types[0]"`, "references, depends_on", `"likes"`}},
		{"graph bad link type", "ubp_get_graph", map[string]any{"link_types": []string{"depends_on", "Depends_On"}}, []string{`"link_types[1]"`, "conflicts_with", `"Depends_On"`}},
		{"graph link types not a list", "ubp_get_graph", map[string]any{"center": "designs/database.md", "link_types": "depends_on"}, []string{`"link_types"`}},
		{"bad doc type", "ubp_search", map[string]any{"query": "x", "doc_type": "novel"}, []string{`"doc_type"`, "spec, design"}},
		{"wrong type bool", "ubp_search", map[string]any{"query": "x", "include_linked": "yes"}, []string{`"include_linked"`, "true or false"}},
		{"unknown parameter", "ubp_search", map[string]any{"query": "x", "lmit": 3}, []string{`invalid parameter "lmit": not one this tool takes`, "limit", "got 3"}},
		{"fulltext limit 51", "ubp_fulltext_search", map[string]any{"query": "x", "limit": 51}, []string{`"limit"`, "from 1 to 50"}},
		{"context max_size tiny", "ubp_get_context", map[string]any{"filepath": "x", "max_size": 10}, []string{`"max_size"`, "from 1000"}},
		{"graph depth 6", "ubp_get_graph", map[string]any{"depth": 6}, []string{`"depth"`, "from 1 to 5"}},
		{"graph offset with a centre", "ubp_get_graph", map[string]any{"center": "designs/database.md", "offset": 5}, []string{`"offset"`, "whole graph only"}},
		{"list sort", "ubp_list_pages", map[string]any{"sort": "size"}, []string{`"sort"`, "title, updated_at, filepath"}},
		{"list order", "ubp_list_pages", map[string]any{"order": "up"}, []string{`"order"`, "asc, desc"}},
		{"page not found suggests", "ubp_get_page", map[string]any{"filepath": "designs/databse.md"}, []string{"page not found", "designs/database.md", "ubp_list_pages"}},
		{"context not found", "ubp_get_context", map[string]any{"filepath": "no-such-page.md"}, []string{"page not found"}},
		{"blank query reaches the engine", "ubp_fulltext_search", map[string]any{"query": "   "}, []string{`"query"`}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := c.callTool(tc.tool, tc.args)
			if m.result() == nil || !m.isToolError() {
				t.Errorf("%s: want a tool error (isError: true), got %v", tc.name, m)
				return
			}
			if _, has := m.result()["structuredContent"]; has {
				t.Errorf("%s: a tool error carries structuredContent", tc.name)
			}
			text := m.toolText()
			for _, s := range tc.contains {
				if !strings.Contains(text, s) {
					t.Errorf("%s: message %q does not contain %q", tc.name, text, s)
				}
			}
		})
	}
}

// TestStdioExitsWhenStdinCloses: every request read before EOF is answered,
// then Serve returns nil.
func TestStdioExitsWhenStdinCloses(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ubp_fulltext_search","arguments":{"query":"task"}}}`)
	c.send(`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`)
	if err := c.closeAndWait(); err != nil {
		t.Fatalf("Serve returned %v after stdin closed, want nil", err)
	}
	got := map[float64]msg{}
	for _, m := range c.remaining() {
		got[m["id"].(float64)] = m
	}
	for _, id := range []float64{1, 2, 3} {
		if got[id].result() == nil {
			t.Errorf("request %v was not answered before exit: %v", id, got[id])
		}
	}
	if got[2].isToolError() {
		t.Errorf("search before EOF failed: %s", got[2].toolText())
	}
}

// TestStdioExitsOnCancel: cancelling the context (SIGINT/SIGTERM in the CLI)
// ends Serve cleanly while stdin stays open.
func TestStdioExitsOnCancel(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	c.cancel()
	select {
	case err := <-c.done:
		if err != nil {
			t.Errorf("Serve returned %v on cancel, want nil", err)
		}
		c.done <- err
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not return within 10s of cancel")
	}
}

// TestStdioLongLine: a line over the limit gets -32600 and the session
// goes on.
func TestStdioLongLine(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	long := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"` + strings.Repeat("a", sdkfront.MaxStdioMessage) + `"}}`
	go c.send(long)
	m := c.recv()
	if m.errCode() != -32600 || !strings.Contains(m.errMessage(), "larger than") {
		t.Fatalf("over-long line: %v", m)
	}
	if m := c.request("ping", nil); m.result() == nil {
		t.Fatalf("ping after over-long line: %v", m)
	}
}

func TestServeRejectsBadOptions(t *testing.T) {
	e := taskflow(t)
	cases := []struct {
		name string
		opts Options
		want string
	}{
		{"unknown include", Options{IncludeCategories: []string{"search,resources"}}, `unknown category "resources"; valid categories: search, pages, graph`},
		{"unknown exclude", Options{ExcludeCategories: []string{"Graphs"}}, `unknown category "Graphs"`},
		{"nothing left", Options{IncludeCategories: []string{"graph"}, ExcludeCategories: []string{"graph"}}, "leaves no tool"},
		{"public address without token", Options{HTTPAddr: "0.0.0.0:0"}, "--token"},
		{"bad address", Options{HTTPAddr: "localhost"}, "HOST:PORT"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.NoLock, tc.opts.NoWatch = true, true
			tc.opts.Stderr = &syncBuffer{}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			err := Serve(ctx, e, strings.NewReader(""), &syncBuffer{}, tc.opts)
			cancel()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%s: Serve error = %v, want one containing %q", tc.name, err, tc.want)
			}
		})
	}
}

// TestStdioNullArguments: "arguments": null and absent arguments both mean
// no arguments (the SDK alone panics on null when the schema has defaults).
func TestStdioNullArguments(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.initialize()
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":null}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ubp_list_pages"}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ubp_get_graph","arguments":{}}}`,
	} {
		c.send(line)
		m := c.recv()
		if m.result() == nil || m.isToolError() {
			t.Errorf("%s: %v", line, m)
		}
	}
	if strings.Contains(c.stderr.String(), "panic") {
		t.Errorf("the server panicked:\n%s", c.stderr.String())
	}
}

// TestStdioBadInitialize: a malformed initialize gets -32602 with the
// reason, a request sent behind it is refused with -32600, and the session
// can still be initialized afterwards.
func TestStdioBadInitialize(t *testing.T) {
	c := startStdio(t, taskflow(t), quiet)
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","clientInfo":{"name":5}}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	got := map[float64]msg{}
	for len(got) < 2 {
		m := c.recv()
		got[m["id"].(float64)] = m
	}
	if got[1].errCode() != -32602 || !strings.Contains(got[1].errMessage(), "clientInfo") {
		t.Errorf("bad initialize: %v, want -32602 naming clientInfo", got[1])
	}
	if got[2].errCode() != -32600 {
		t.Errorf("request behind a bad initialize: %v, want -32600", got[2])
	}
	c.initialize()
	if m := c.request("tools/list", nil); m.result() == nil {
		t.Errorf("tools/list after a good initialize: %v", m)
	}
}

// TestStdioStopEndsCallsInFlight: SIGINT or SIGTERM (the context
// cancelled) ends Serve while a tool call is being handled: the call is
// cancelled. Closing the session waited for it, and only the client could
// cancel it, so a call that ran on held the server up until it ended.
func TestStdioStopEndsCallsInFlight(t *testing.T) {
	f := newFakeEngine(t)
	c := startStdio(t, f, quiet)
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"block"}}}`)
	select {
	case <-f.started:
	case <-time.After(20 * time.Second):
		t.Fatal("the search never started")
	}
	c.cancel()
	select {
	case err := <-c.done:
		c.done <- err // for Cleanup
		if err != nil {
			t.Errorf("Serve returned %v, want nil", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Serve did not return within 20s of its context ending while a tool call ran")
	}
	select {
	case <-f.cancelled:
	default:
		t.Error("the tool call's engine call was not cancelled")
	}
}
