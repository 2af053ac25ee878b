package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/ubp-dev/ubp/internal/fixture"
	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"

	"github.com/ubp-dev/ubp/engine"
)

// The tests drive the real server (Serve) over real pipes and real HTTP
// listeners with raw JSON-RPC, on a real index of a repository corpus.

// newProject copies a corpus into a temporary folder, makes it a project
// with the given docs folder, indexes it and returns the open engine.
func newProject(t testing.TB, corpus, docsDir string) *engine.Engine {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, corpus), root, time.Time{})
	return openIndexed(t, root, docsDir)
}

// openIndexed initialises root with docsDir, opens and indexes it.
func openIndexed(t testing.TB, root, docsDir string) *engine.Engine {
	t.Helper()
	cfg := engine.DefaultConfig()
	cfg.DocsDir = docsDir
	p, _, err := engine.InitProject(root, cfg)
	if err != nil {
		t.Fatalf("init project: %v", err)
	}
	ctx := context.Background()
	e, err := engine.Open(ctx, p, engine.OpenOptions{})
	if err != nil {
		t.Fatalf("open engine: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(ctx, engine.IndexOptions{}); err != nil {
		t.Fatalf("index: %v", err)
	}
	return e
}

var (
	taskflowOnce sync.Once
	taskflowEng  *engine.Engine
	taskflowErr  error
	taskflowDir  string
)

// taskflow returns one shared, indexed copy of the taskflow corpus for the
// tests that only read it.
func taskflow(t testing.TB) *engine.Engine {
	t.Helper()
	taskflowOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ubp-mcpserver-taskflow-")
		if err != nil {
			taskflowErr = err
			return
		}
		taskflowDir = dir
		// No t.Fatal inside the Once: it would end this goroutine with the
		// Once done and the engine nil, so later tests would panic on nil.
		src, err := fixture.Corpus("taskflow-docs")
		if err != nil {
			taskflowErr = err
			return
		}
		if err := fixture.CopyTree(src, dir, time.Time{}); err != nil {
			taskflowErr = err
			return
		}
		cfg := engine.DefaultConfig()
		cfg.DocsDir = "."
		p, _, err := engine.InitProject(dir, cfg)
		if err != nil {
			taskflowErr = err
			return
		}
		e, err := engine.Open(context.Background(), p, engine.OpenOptions{})
		if err != nil {
			taskflowErr = err
			return
		}
		if _, err := e.Index(context.Background(), engine.IndexOptions{}); err != nil {
			taskflowErr = err
			return
		}
		taskflowEng = e
	})
	if taskflowErr != nil {
		t.Fatalf("taskflow project: %v", taskflowErr)
	}
	return taskflowEng
}

func TestMain(m *testing.M) {
	if root := os.Getenv("UBP_TEST_SERVE_ROOT"); root != "" {
		os.Exit(helperServe(root)) // child process of a lock test
	}
	code := m.Run()
	if taskflowEng != nil {
		taskflowEng.Close()
	}
	if taskflowDir != "" {
		os.RemoveAll(taskflowDir)
	}
	os.Exit(code)
}

// syncBuffer is a goroutine-safe bytes.Buffer for captured logs.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Names the tests share with the transports.
const (
	sessionIDHeader     = sdkfront.SessionIDHeader
	codeInternalError   = jsonrpc.CodeInternalError
	codeSessionNotFound = -32001
)

// msg is a decoded JSON-RPC message.
type msg map[string]any

func (m msg) errCode() int {
	e, ok := m["error"].(map[string]any)
	if !ok {
		return 0
	}
	c, _ := e["code"].(float64)
	return int(c)
}

func (m msg) errMessage() string {
	e, _ := m["error"].(map[string]any)
	s, _ := e["message"].(string)
	return s
}

func (m msg) result() map[string]any {
	r, _ := m["result"].(map[string]any)
	return r
}

// toolText is the first text content of a tools/call result.
func (m msg) toolText() string {
	c, _ := m.result()["content"].([]any)
	if len(c) == 0 {
		return ""
	}
	first, _ := c[0].(map[string]any)
	s, _ := first["text"].(string)
	return s
}

func (m msg) isToolError() bool {
	b, _ := m.result()["isError"].(bool)
	return b
}

// checkJSONRPC fails unless line is one valid JSON-RPC 2.0 message from a
// server: a response (id with exactly one of result and error) or a
// notification/request (method).
func checkJSONRPC(t testing.TB, line []byte) msg {
	t.Helper()
	var m msg
	if err := json.Unmarshal(line, &m); err != nil {
		t.Fatalf("server wrote a line that is not JSON: %q: %v", line, err)
	}
	if err := validJSONRPC(m); err != nil {
		t.Fatalf("server wrote invalid JSON-RPC: %s: %v", line, err)
	}
	return m
}

func validJSONRPC(m msg) error {
	if m["jsonrpc"] != "2.0" {
		return fmt.Errorf(`"jsonrpc" is %v, want "2.0"`, m["jsonrpc"])
	}
	if _, ok := m["method"]; ok {
		return nil
	}
	id, hasID := m["id"]
	if !hasID {
		return fmt.Errorf(`response without "id"`)
	}
	switch id.(type) {
	case nil, string, float64:
	default:
		return fmt.Errorf("bad id %v", id)
	}
	_, hasResult := m["result"]
	e, hasError := m["error"]
	if hasResult == hasError {
		return fmt.Errorf("want exactly one of result and error")
	}
	if hasError {
		em, ok := e.(map[string]any)
		if !ok {
			return fmt.Errorf("error is not an object")
		}
		if c, ok := em["code"].(float64); !ok || c == 0 {
			return fmt.Errorf("error without a non-zero integer code: %v", em)
		}
		if s, ok := em["message"].(string); !ok || s == "" {
			return fmt.Errorf("error without a message")
		}
		if strings.Contains(em["message"].(string), "goroutine ") {
			return fmt.Errorf("error message carries a stack trace")
		}
	}
	return nil
}

// stdioClient talks raw JSON-RPC to Serve over two os.Pipes.
type stdioClient struct {
	t      testing.TB
	stdin  *os.File // our end: the server's stdin
	lines  chan []byte
	done   chan error // Serve's result
	stderr *syncBuffer
	cancel context.CancelFunc
	nextID int
}

// startStdio runs Serve on e with opts over real pipes.
func startStdio(t testing.TB, e Engine, opts Options) *stdioClient {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &stdioClient{t: t, stdin: inW, lines: make(chan []byte, 64), done: make(chan error, 1), stderr: &syncBuffer{}, cancel: cancel, nextID: 100}
	if opts.Stderr == nil {
		opts.Stderr = c.stderr
	}
	go func() {
		err := Serve(ctx, e, inR, outW, opts)
		outW.Close()
		inR.Close()
		c.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			c.lines <- bytes.Clone(sc.Bytes())
		}
		close(c.lines)
		outR.Close()
	}()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Errorf("Serve did not return after stdin closed and ctx was cancelled")
		}
	})
	return c
}

// send writes one raw line.
func (c *stdioClient) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatalf("write to server stdin: %v", err)
	}
}

// recv reads the next message (each must be valid JSON-RPC).
func (c *stdioClient) recv() msg {
	c.t.Helper()
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("server closed stdout; stderr:\n%s", c.stderr.String())
		}
		return checkJSONRPC(c.t, line)
	case <-time.After(20 * time.Second):
		c.t.Fatalf("no answer from the server within 20s; stderr:\n%s", c.stderr.String())
	}
	return nil
}

// request sends a request and returns its response, skipping
// notifications.
func (c *stdioClient) request(method string, params any) msg {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	req := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		req["params"] = params
	}
	data, _ := json.Marshal(req)
	c.send(string(data))
	for {
		m := c.recv()
		if _, isNote := m["method"]; isNote {
			continue
		}
		if got, _ := m["id"].(float64); int(got) != id {
			c.t.Fatalf("response for id %v, want %d: %v", m["id"], id, m)
		}
		return m
	}
}

// initialize performs the handshake.
func (c *stdioClient) initialize() msg {
	c.t.Helper()
	m := c.request("initialize", map[string]any{
		"protocolVersion": "2025-06-18",
		"capabilities":    map[string]any{},
		"clientInfo":      map[string]any{"name": "mcpserver-test", "version": "1"},
	})
	if m.result() == nil {
		c.t.Fatalf("initialize failed: %v", m)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return m
}

// callTool calls a tool and returns the response.
func (c *stdioClient) callTool(name string, args map[string]any) msg {
	c.t.Helper()
	return c.request("tools/call", map[string]any{"name": name, "arguments": args})
}

// closeAndWait closes stdin and returns Serve's result.
func (c *stdioClient) closeAndWait() error {
	c.t.Helper()
	c.stdin.Close()
	select {
	case err := <-c.done:
		c.done <- err // for Cleanup
		return err
	case <-time.After(20 * time.Second):
		c.t.Fatalf("Serve did not return within 20s of stdin closing")
	}
	return nil
}

// remaining drains stdout until the server closes it.
func (c *stdioClient) remaining() []msg {
	c.t.Helper()
	var out []msg
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return out
			}
			out = append(out, checkJSONRPC(c.t, line))
		case <-time.After(20 * time.Second):
			c.t.Fatalf("stdout not closed within 20s")
		}
	}
}
