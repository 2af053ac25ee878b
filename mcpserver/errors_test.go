package mcpserver

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestUnexpectedEngineFailure: when the engine fails for a reason the agent
// cannot fix (here: its database is closed under the server), the answer is
// -32603 with a short message, the details go to the log, and the session
// goes on.
func TestUnexpectedEngineFailure(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	c := startStdio(t, e, Options{NoLock: true, NoWatch: true})
	c.initialize()
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	m := c.callTool(ToolListPages, nil)
	if m.errCode() != codeInternalError {
		t.Fatalf("want -32603, got %v", m)
	}
	msg := m.errMessage()
	if !strings.HasPrefix(msg, "internal error: ubp_list_pages failed") || len(msg) > 300 || strings.Contains(msg, "\n") {
		t.Errorf("message %q is not one short line", msg)
	}
	if !strings.Contains(c.stderr.String(), "tool failed") {
		t.Errorf("the failure was not logged:\n%s", c.stderr.String())
	}
	if p := c.request("ping", nil); p.result() == nil {
		t.Errorf("session ended after the failure: %v", p)
	}
}

// TestEngineErrorAdvice: an engine error that names its remedy reaches the
// agent with the advice the CLI gives for it.
func TestEngineErrorAdvice(t *testing.T) {
	c := startStdio(t, newFakeEngine(t), fakeOpts)
	c.initialize()
	m := c.callTool(ToolSearch, map[string]any{"query": "damaged"})
	if m.errCode() != codeInternalError {
		t.Fatalf("want -32603, got %v", m)
	}
	want := "internal error: ubp_search failed: search: read vector cells: cell 3 follows 2 cells (run `ubp index --rebuild` to rebuild)"
	if got := m.errMessage(); got != want {
		t.Errorf("message %q, want %q", got, want)
	}
}

// TestRecoverMiddleware: a panic in request handling becomes -32603 with a
// short message; the stack goes to the log only.
func TestRecoverMiddleware(t *testing.T) {
	var logBuf syncBuffer
	log := slog.New(slog.NewTextHandler(&logBuf, nil))
	h := recoverMiddleware(log)(func(context.Context, string, mcp.Request) (mcp.Result, error) {
		var m map[string]int
		m["boom"] = 1 //nolint:staticcheck // a nil-map panic, like the SDK's on "arguments": null
		return nil, nil
	})
	res, err := h(context.Background(), "tools/call", nil)
	var we *jsonrpc.Error
	if res != nil || !errors.As(err, &we) || we.Code != codeInternalError {
		t.Fatalf("got %v, %v; want a -32603 error", res, err)
	}
	if strings.Contains(we.Message, "goroutine") || strings.Contains(we.Message, "nil map") {
		t.Errorf("the client sees panic details: %q", we.Message)
	}
	if !strings.Contains(logBuf.String(), "goroutine") {
		t.Errorf("the stack was not logged")
	}
}

// TestLogFile: with LogFile the log is appended there as well as to
// Stderr, and stdout still carries only JSON-RPC.
func TestLogFile(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	logPath := filepath.Join(e.Project().DataDir(), "serve.log")
	if err := os.WriteFile(logPath, []byte("earlier line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startStdio(t, e, Options{NoWatch: true, LogFile: logPath})
	c.initialize()
	if err := c.closeAndWait(); err != nil {
		t.Fatal(err)
	}
	for _, m := range c.remaining() {
		t.Errorf("unexpected output after close: %v", m)
	}
	data, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "earlier line\n") || !strings.Contains(string(data), "serving MCP over stdio") {
		t.Errorf("log file:\n%s", data)
	}
	if !strings.Contains(c.stderr.String(), "serving MCP over stdio") {
		t.Errorf("stderr lacks the log:\n%s", c.stderr.String())
	}

	err = Serve(context.Background(), e, strings.NewReader(""), &syncBuffer{}, Options{NoWatch: true, LogFile: filepath.Join(t.TempDir(), "no", "such", "dir", "x.log"), Stderr: &syncBuffer{}})
	if err == nil || !strings.Contains(err.Error(), "--log-file") {
		t.Errorf("unwritable log file: %v", err)
	}
}
