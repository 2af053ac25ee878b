package engine

import (
	"context"
	"errors"
	"testing"
)

// A caller's catch-up replaces the watcher's own: it is called once the
// watches are in place, and the watcher runs no indexing run of the whole
// folder at start; files changed after it are indexed from their events.
func TestWatchCaughtUpByRunsNoIndexOfItsOwn(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	before := e.writer.FolderRuns()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	caughtUp := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- e.WatchCaughtUpBy(ctx, func(context.Context) error {
			close(caughtUp)
			return nil
		}, nil)
	}()
	<-caughtUp
	// The watcher's loop runs once a file written now is indexed: a probe
	// rewritten until it shows up.
	waitUntilWatching(t, e, docs)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("WatchCaughtUpBy: %v", err)
	}
	if got := e.writer.FolderRuns() - before; got != 0 {
		t.Errorf("indexing runs of the whole folder: %d, want none (the caller caught up)", got)
	}
}

// Without a catch-up of the caller's, Watch indexes the whole folder once
// at start.
func TestWatchCatchesUpItself(t *testing.T) {
	e, _ := coreFixture(t)
	coreIndex(t, e, false)
	before := e.writer.FolderRuns()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.Watch(ctx, nil) }()
	coreEventually(t, "the watcher's catch-up run", func() bool { return e.writer.FolderRuns() > before })
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Watch: %v", err)
	}
}

// A catch-up that fails ends the watch with its error.
func TestWatchCaughtUpByEndsOnCatchUpError(t *testing.T) {
	e, _ := coreFixture(t)
	coreIndex(t, e, false)
	want := errors.New("catch-up failed")
	if err := e.WatchCaughtUpBy(context.Background(), func(context.Context) error { return want }, nil); !errors.Is(err, want) {
		t.Fatalf("WatchCaughtUpBy = %v, want %v", err, want)
	}
}
