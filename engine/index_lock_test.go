package engine

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestIndexSaysWhenItWaitsForTheLock: a run that finds .ubp/index.lock
// held says so (once) and names the holder's PID, then proceeds when the
// lock is released.
func TestIndexSaysWhenItWaitsForTheLock(t *testing.T) {
	root := t.TempDir()
	e1 := coreProject(t, root, "docs")
	coreWriteFiles(t, root+"/docs", map[string]string{"a.md": "# A\n"})
	e2 := coreOpen(t, e1.Project())

	unlock, err := e1.writer.Lock(context.Background(), e1.Project().LockPath(), nil)
	if err != nil {
		t.Fatal(err)
	}
	holders := make(chan string, 4)
	done := make(chan error, 1)
	go func() {
		_, err := e2.Index(context.Background(), IndexOptions{LockWait: func(h string) { holders <- h }})
		done <- err
	}()
	holder := <-holders // the run waits until the lock is released, so this must come
	unlock()
	if err := <-done; err != nil {
		t.Fatalf("Index after the lock was released: %v", err)
	}
	if !strings.Contains(holder, strconv.Itoa(os.Getpid())) {
		t.Errorf("holder = %q, want it to name pid %d", holder, os.Getpid())
	}
	if len(holders) != 0 {
		t.Errorf("LockWait called more than once")
	}
	if n := coreCount(t, e2, `SELECT count(*) FROM documents`); n != 1 {
		t.Errorf("documents = %d, want 1", n)
	}
}
