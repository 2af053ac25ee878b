package mcpserver

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
)

// TestServeLockIsExclusive: while one server runs, a second Serve on the
// same project fails at once, naming the PID in the lock; after the first
// exits, the lock is free again. NoLock skips it.
func TestServeLockIsExclusive(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	first := startStdio(t, e, Options{NoWatch: true})
	first.initialize() // Serve holds the lock before it answers

	start := time.Now()
	err := Serve(context.Background(), e, strings.NewReader(""), io.Discard, Options{NoWatch: true, Stderr: io.Discard})
	if err == nil {
		t.Fatal("a second Serve on the same project started")
	}
	pid := strconv.Itoa(os.Getpid())
	lockPath := filepath.Join(e.Project().DataDir(), LockFileName)
	for _, s := range []string{"already running", "process " + pid, lockPath, "--no-lock"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not mention %q", err, s)
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the second Serve took %v to fail; it must not wait for the lock", d)
	}
	data, _ := os.ReadFile(lockPath)
	if strings.TrimSpace(string(data)) != pid {
		t.Errorf("lock file holds %q, want the PID %s", data, pid)
	}

	// NoLock serves next to the locked one.
	third := startStdio(t, e, Options{NoWatch: true, NoLock: true})
	third.initialize()
	if err := third.closeAndWait(); err != nil {
		t.Errorf("NoLock server: %v", err)
	}

	if err := first.closeAndWait(); err != nil {
		t.Fatalf("first server: %v", err)
	}
	again := startStdio(t, e, Options{NoWatch: true})
	again.initialize()
	again.cancel() // SIGINT/SIGTERM in the CLI: the lock is released too
	if err := <-again.done; err != nil {
		t.Errorf("server after the first exited: %v", err)
	}
	again.done <- nil
	last := startStdio(t, e, Options{NoWatch: true})
	last.initialize()
	if err := last.closeAndWait(); err != nil {
		t.Errorf("server after a cancelled one: %v", err)
	}
}

// TestServeLockReleasedOnCrash: a server killed with SIGKILL leaves no lock
// behind (the OS drops the flock); its stale PID in the file is harmless.
func TestServeLockReleasedOnCrash(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	root := e.Project().Root

	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "UBP_TEST_SERVE_ROOT="+root)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// Initialize the child's server: once it answers, it holds the lock.
	io.WriteString(stdin, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
	lineCh := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		lineCh <- line
	}()
	select {
	case line := <-lineCh:
		if !strings.Contains(line, `"protocolVersion"`) {
			t.Fatalf("child answered %q", line)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("child server did not answer initialize")
	}

	err = Serve(context.Background(), e, strings.NewReader(""), io.Discard, Options{NoWatch: true, Stderr: io.Discard})
	if err == nil || !strings.Contains(err.Error(), "process "+strconv.Itoa(cmd.Process.Pid)) {
		t.Fatalf("Serve while the child holds the lock: %v, want an error naming PID %d", err, cmd.Process.Pid)
	}

	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	c := startStdio(t, e, Options{NoWatch: true})
	c.initialize()
	if err := c.closeAndWait(); err != nil {
		t.Fatalf("Serve after the crash: %v", err)
	}
}

// helperServe is the child process of TestServeLockReleasedOnCrash (see
// TestMain): a real server on this process's stdin and stdout.
func helperServe(root string) int {
	p, err := engine.FindProject(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	e, err := engine.Open(context.Background(), p, engine.OpenOptions{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer e.Close()
	if err := Serve(context.Background(), e, os.Stdin, os.Stdout, Options{NoWatch: true}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
