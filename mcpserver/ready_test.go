package mcpserver

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// The handshake, ping and tools/list are answered while the index is being
// prepared (the CLI's catch-up run); a tool call is held until the
// preparation is done, then answered.
func TestToolCallsWaitForPreparation(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	opts := quiet
	opts.Prepare = func(ctx context.Context) error {
		close(started)
		select {
		case <-release:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	c := startStdio(t, taskflow(t), opts)
	<-started
	c.initialize()
	if m := c.request("tools/list", nil); m.result() == nil {
		t.Fatalf("tools/list while preparing: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	if m := c.recv(); m["id"] != 2.0 {
		t.Fatalf("first answer while preparing: %v, want the ping's (the tool call must wait)", m)
	}
	close(release)
	m := c.recv()
	if m["id"] != 1.0 || m.result() == nil || m.isToolError() {
		t.Fatalf("tool call after the preparation: %v", m)
	}
	if err := c.closeAndWait(); err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// A preparation that fails fails the tool calls with its error, and Serve
// returns it when the session ends; the handshake was answered all the
// same.
func TestFailedPreparationFailsToolCalls(t *testing.T) {
	failed := errors.New("docs folder unreadable")
	release := make(chan struct{})
	opts := quiet
	opts.Prepare = func(ctx context.Context) error {
		<-release
		return failed
	}
	c := startStdio(t, taskflow(t), opts)
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`)
	close(release)
	m := c.recv()
	if m["id"] != 1.0 || m.errCode() == 0 || !strings.Contains(m.errMessage(), "docs folder unreadable") {
		t.Fatalf("tool call after a failed preparation: %v", m)
	}
	if m := c.callTool("ubp_list_pages", map[string]any{}); !strings.Contains(m.errMessage(), "docs folder unreadable") {
		t.Fatalf("a later tool call: %v", m)
	}
	if err := c.closeAndWait(); !errors.Is(err, failed) {
		t.Errorf("Serve returned %v, want the preparation's error", err)
	}
}
