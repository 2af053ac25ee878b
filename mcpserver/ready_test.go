package mcpserver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
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

// TestFailedPreparationRetried: a tool call after a failed preparation
// tries it again; once it succeeds, calls are answered and the watcher
// runs. A server started while the docs folder was away (a branch switch)
// failed every call until it was restarted, and never watched the folder.
func TestFailedPreparationRetried(t *testing.T) {
	e := newProject(t, "taskflow-docs", "designs")
	docs := e.Project().DocsDir()
	if err := os.Rename(docs, docs+".away"); err != nil {
		t.Fatal(err)
	}
	opts := Options{NoLock: true}
	opts.Prepare = func(ctx context.Context) error {
		_, err := e.Index(ctx, engine.IndexOptions{})
		return err
	}
	c := startStdio(t, e, opts)
	c.initialize()
	m := c.callTool(ToolListPages, map[string]any{})
	if m.errCode() == 0 || !strings.Contains(m.errMessage(), "the next tool call tries again") {
		t.Fatalf("tool call while the docs folder is away: %v, want an error saying the next call tries again", m)
	}
	if err := os.Rename(docs+".away", docs); err != nil {
		t.Fatal(err)
	}
	if m := c.callTool(ToolListPages, map[string]any{}); m.result() == nil || m.isToolError() {
		t.Fatalf("tool call once the docs folder is back: %v", m)
	}
	found := func() bool {
		m := c.callTool(ToolFulltextSearch, map[string]any{"query": "zebracorn"})
		res, _ := m.result()["structuredContent"].(map[string]any)
		hits, _ := res["results"].([]any)
		return len(hits) > 0
	}
	if err := os.WriteFile(filepath.Join(docs, "zebracorn.md"), []byte("# Zebracorn\n\nThe zebracorn cache.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the watcher to index a new document", found)
}

// A tool call tells the engine's warm-up to give way (YieldWarmUp) as it
// arrives, before it waits for the preparation: here the preparation ends
// only once the warm-up was told so (or, were it never told, after a
// minute, so that the test fails on the events rather than hangs), and the
// call is answered after it. tools/list tells it nothing. (A ping sent
// after the call used to stand in for "never told", but the server may
// answer the ping before the call reaches the tool handler: under load the
// test read "prepared yield".)
func TestToolCallYieldsTheWarmUp(t *testing.T) {
	f := newFakeEngine(t)
	var mu sync.Mutex
	var events []string
	record := func(ev string) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, ev)
	}
	release := make(chan struct{})
	var once sync.Once
	f.yielded = func() {
		record("yield")
		once.Do(func() { close(release) })
	}
	opts := quiet
	opts.Prepare = func(ctx context.Context) error {
		select {
		case <-release:
			record("prepared")
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	c := startStdio(t, f, opts)
	c.initialize()
	if m := c.request("tools/list", nil); m.result() == nil {
		t.Fatalf("tools/list: %v", m)
	}
	never := time.AfterFunc(time.Minute, func() { once.Do(func() { close(release) }) })
	defer never.Stop()
	c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`)
	var call msg
	for call == nil {
		if m := c.recv(); m["id"] == 1.0 {
			call = m
		}
	}
	if call.result() == nil || call.isToolError() {
		t.Fatalf("tool call: %v", call)
	}
	mu.Lock()
	got := strings.Join(events, " ")
	mu.Unlock()
	if !strings.HasPrefix(got, "yield") || strings.Count(got, "yield") != 1 {
		t.Errorf("events %q: want the warm-up told to yield once, by the tool call, before the call's answer", got)
	}
	if err := c.closeAndWait(); err != nil {
		t.Errorf("Serve: %v", err)
	}
}

// TestStoppedDuringPreparationIsClean: SIGINT or SIGTERM (the caller's
// context cancelled) while the catch-up runs ends Serve cleanly, whatever
// error the stopped run returns on its way out. A first build stopped so
// returns context.Canceled or, as often, an error the stop caused without
// wrapping it (a statement on a transaction the stop rolled back): Serve
// returned the latter, so `ubp serve` stopped by the same signal at the
// same point exited 0 or 130 ("interrupted") by chance. The log says the
// catch-up was stopped, and that the next run completes it.
func TestStoppedDuringPreparationIsClean(t *testing.T) {
	for _, stopErr := range []error{
		context.Canceled,
		errors.New("index: write guide.md: sql: transaction has already been committed or rolled back"),
	} {
		t.Run(stopErr.Error(), func(t *testing.T) {
			started := make(chan struct{})
			opts := quiet
			opts.Prepare = func(ctx context.Context) error {
				close(started)
				<-ctx.Done()
				return stopErr
			}
			c := startStdio(t, taskflow(t), opts)
			c.initialize()
			c.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{}}}`)
			<-started
			c.cancel()
			select {
			case err := <-c.done:
				c.done <- err // for Cleanup
				if err != nil {
					t.Errorf("Serve stopped during the catch-up returned %v, want nil", err)
				}
				if log := c.stderr.String(); !strings.Contains(log, "stopped while bringing the index up to date") {
					t.Errorf("the log does not say the catch-up was stopped:\n%s", log)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("Serve did not return within 20s of its context ending")
			}
		})
	}
}
