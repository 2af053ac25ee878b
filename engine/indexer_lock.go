package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// openLockName serialises opening (creating, switching to WAL, migrating)
// the index across processes: SQLite can refuse a concurrent switch of a
// new database to WAL with "database is locked" without waiting.
const openLockName = "open.lock"

// lockWaitNotice is how long an indexing run waits for the index lock
// before it says so (IndexOptions.LockWait).
const lockWaitNotice = time.Second

// lockIndex serialises indexing runs: within this process with a semaphore,
// across processes (a serving process and `ubp index`) with an advisory
// lock on .ubp/index.lock, which then holds the PID of its holder. It waits
// until the lock is free or ctx is done; when that takes longer than
// lockWaitNotice, waiting (if set) is called once, from another goroutine,
// with the holder ("process 1234", or "another indexing run in this
// process"). Readers never take it.
func (e *Engine) lockIndex(ctx context.Context, waiting func(holder string)) (unlock func(), err error) {
	if waiting != nil {
		t := time.AfterFunc(lockWaitNotice, func() { waiting(lockHolder(e.p.lockPath())) })
		defer t.Stop()
	}
	select {
	case e.indexSem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("index: wait for another indexing run: %w", ctx.Err())
	}
	release, err := store.LockFile(ctx, e.p.lockPath())
	if err != nil {
		<-e.indexSem
		return nil, fmt.Errorf("index: %w", err)
	}
	// Name the holder for processes that wait; a failure only makes their
	// message vaguer.
	_ = os.WriteFile(e.p.lockPath(), []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644)
	return func() {
		release()
		<-e.indexSem
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

// openLockPath is the lock taken while opening the index.
func (p *Project) openLockPath() string { return filepath.Join(p.DataDir(), openLockName) }
