//go:build stress

package stress

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestServeStdoutClosed: a client that closes the server's stdout while
// calls are running ends the session; the server exits with a message,
// not killed by SIGPIPE without a word.
func TestServeStdoutClosed(t *testing.T) {
	root := t.TempDir()
	newProject(t, root)
	writeCorpus(t, filepath.Join(root, "docs"), 50, 1)
	mustRun(t, root, "index", "--quiet")

	ctx, cancel := context.WithTimeout(context.Background(), cmdLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, ubp(t), "-C", root, "serve", "--no-watch")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stdout.Close() // the client stops reading at once
	lines := []string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"topic"}}}`,
	}
	for _, l := range lines {
		if _, err := stdin.Write([]byte(l + "\n")); err != nil {
			break // the server already went: it is waited for below
		}
	}
	err = cmd.Wait()
	if ctx.Err() != nil {
		t.Fatalf("ubp serve did not end within %v after its stdout was closed", cmdLimit)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			t.Fatalf("ubp serve was killed by %v; stderr: %s", ws.Signal(), stderr.String())
		}
	}
	if err != nil && !strings.Contains(stderr.String(), "broken pipe") {
		t.Errorf("exit %v without saying why; stderr: %s", err, stderr.String())
	}
	stdin.Close()
}
