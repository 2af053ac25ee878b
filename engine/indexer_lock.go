package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// openLockName serialises opening (creating, switching to WAL, migrating)
// the index across processes: SQLite can refuse a concurrent switch of a
// new database to WAL with "database is locked" without waiting.
const openLockName = "open.lock"

// lockFile takes an exclusive advisory lock on path, waiting until it is
// free or ctx is done.
func lockFile(ctx context.Context, path string) (unlock func(), err error) {
	fl := flock.New(path)
	ok, err := fl.TryLockContext(ctx, 25*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("wait for lock %s: %w", path, err)
	}
	return func() { fl.Unlock() }, nil
}

// lockIndex serialises indexing runs: within this process with a semaphore,
// across processes (a serving process and `ubp index`) with an advisory
// lock on .ubp/index.lock. It waits until the lock is free or ctx is done.
// Readers never take it.
func (e *Engine) lockIndex(ctx context.Context) (unlock func(), err error) {
	select {
	case e.indexSem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("index: wait for another indexing run: %w", ctx.Err())
	}
	release, err := lockFile(ctx, e.p.lockPath())
	if err != nil {
		<-e.indexSem
		return nil, fmt.Errorf("index: %w", err)
	}
	return func() {
		release()
		<-e.indexSem
	}, nil
}

// openLockPath is the lock taken while opening the index.
func (p *Project) openLockPath() string { return filepath.Join(p.DataDir(), openLockName) }
