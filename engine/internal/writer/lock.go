package writer

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// lockWaitNotice is how long an indexing run waits for the index lock
// before it says so (Options.LockWait).
const lockWaitNotice = time.Second

// Lock serialises indexing runs: within this process with a semaphore,
// across processes (a serving process and `ubp index`) with an advisory
// lock on path (.ubp/index.lock), which then holds the PID of its holder.
// It waits until the lock is free or ctx is done; when that takes longer
// than lockWaitNotice, waiting (if set) is called once, from another
// goroutine, with the holder ("process 1234", or "another indexing run in
// this process"). Readers never take it.
func (w *Writer) Lock(ctx context.Context, path string, waiting func(holder string)) (unlock func(), err error) {
	if waiting != nil {
		t := time.AfterFunc(lockWaitNotice, func() { waiting(lockHolder(path)) })
		defer t.Stop()
	}
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("index: wait for another indexing run: %w", ctx.Err())
	}
	release, err := store.LockFile(ctx, path)
	if err != nil {
		<-w.sem
		return nil, fmt.Errorf("index: %w", err)
	}
	// Name the holder for processes that wait; a failure only makes their
	// message vaguer.
	_ = os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644)
	return func() {
		release()
		<-w.sem
	}, nil
}

// lockHolder names the process holding the index lock at path, from the
// PID its holder wrote there.
func lockHolder(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return "another process"
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	switch {
	case err != nil || pid <= 0:
		return "another process"
	case pid == os.Getpid():
		return "another indexing run in this process (pid " + strconv.Itoa(pid) + ")"
	}
	return "process " + strconv.Itoa(pid)
}

// Idle reports whether no run of this writer holds its in-process turn at
// the moment of the call.
func (w *Writer) Idle() bool {
	select {
	case w.sem <- struct{}{}:
		<-w.sem
		return true
	default:
		return false
	}
}
