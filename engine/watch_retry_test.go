package engine

import (
	"context"
	"os"
	"strings"
	"sync"
	"testing"
)

// TestWatchRetriesAFailedRun: a re-index that fails (here the index lock
// cannot be opened: it became a folder, as a full disk or an unwritable
// .ubp fails a run) keeps the changed files pending and tries again, so
// once the cause is gone they are indexed without another edit. The
// watcher forgot them: a file saved while a run could not be done stayed
// out of the served index until it was edited again or the server was
// restarted. The failure is reported once, not at every attempt.
func TestWatchRetriesAFailedRun(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var errs []string
	done := make(chan error, 1)
	go func() {
		done <- e.Watch(ctx, func(_ IndexReport, err error) {
			if err != nil {
				mu.Lock()
				errs = append(errs, err.Error())
				mu.Unlock()
			}
		})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Watch: %v", err)
		}
	})
	has := func(ref string) bool { return hasPage(t, e, ref) }
	waitUntilWatching(t, e, docs)

	lock := e.Project().LockPath()
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(lock, 0o755); err != nil {
		t.Fatal(err)
	}
	coreWriteFiles(t, docs, map[string]string{"saved-meanwhile.md": "# Saved meanwhile\n"})
	failures := func() int {
		mu.Lock()
		defer mu.Unlock()
		k := 0
		for _, e := range errs {
			if strings.Contains(e, "index.lock") {
				k++
			}
		}
		return k
	}
	coreEventually(t, "the failed run is reported", func() bool { return failures() > 0 })
	if has("saved-meanwhile.md") {
		t.Fatal("saved-meanwhile.md indexed though the run failed")
	}
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "saved-meanwhile.md is indexed once runs work again, without another edit",
		func() bool { return has("saved-meanwhile.md") })
	if k := failures(); k != 1 {
		t.Errorf("the same failure was reported %d times, want once", k)
	}
}
