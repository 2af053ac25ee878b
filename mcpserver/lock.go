package mcpserver

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gofrs/flock"
)

// LockFileName is the lock held by a serving process in the project's .ubp
// folder. It is an advisory flock: the OS releases it when the process
// ends, however it ends, so a crash leaves no lock behind (the PID written
// in the file may then be stale, which is harmless).
const LockFileName = "serve.lock"

// serveLock is a held .ubp/serve.lock.
type serveLock struct {
	fl *flock.Flock
}

// acquireServeLock takes the lock without waiting. When another process
// holds it, the error names that process's PID.
func acquireServeLock(dataDir string) (*serveLock, error) {
	if err := os.MkdirAll(dataDir, 0o755); err != nil {
		return nil, fmt.Errorf("serve lock: create %s: %w", dataDir, err)
	}
	path := filepath.Join(dataDir, LockFileName)
	fl := flock.New(path, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o644))
	ok, err := fl.TryLock()
	if err != nil {
		return nil, fmt.Errorf("serve lock: lock %s: %w", path, err)
	}
	if !ok {
		holder := "another process"
		if data, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && pid > 0 {
				holder = "process " + strconv.Itoa(pid)
			}
		}
		return nil, fmt.Errorf("another `ubp serve` is already running for this project (%s holds %s); stop it, or pass --no-lock to run a second server anyway", holder, path)
	}
	if err := os.WriteFile(path, []byte(strconv.Itoa(os.Getpid())+"\n"), 0o644); err != nil {
		_ = fl.Unlock() // the write error is the one to report
		return nil, fmt.Errorf("serve lock: write PID to %s: %w", path, err)
	}
	return &serveLock{fl: fl}, nil
}

// release unlocks; the file stays (removing it would race with a new
// server locking it).
func (l *serveLock) release() error {
	if err := l.fl.Unlock(); err != nil {
		return fmt.Errorf("serve lock: unlock %s: %w", l.fl.Path(), err)
	}
	return nil
}
