package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// Watch returns only once its indexing run is over: cancelled while its
// start-up catch-up is indexing a folder, it leaves the engine idle (the
// indexing semaphore free), so the caller may close the engine at once.
// Repeated at several moments of the run, under the race detector in
// `make test-race`.
func TestWatchCancelWaitsForRun(t *testing.T) {
	root := t.TempDir()
	e := coreProject(t, root, "docs")
	files := map[string]string{}
	for i := range 400 {
		files[fmt.Sprintf("d%d/doc-%03d.md", i%8, i)] = fmt.Sprintf("# Doc %d\n\nIndexing while the watch stops, note %d about storage.\n\n## Part\n\nSee [[doc-%03d]].\n", i, i, (i+1)%400)
	}
	coreWriteFiles(t, filepath.Join(root, "docs"), files)
	for _, after := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond, 80 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- e.Watch(ctx, nil) }()
		time.Sleep(after)
		cancel()
		if err := <-done; err != nil {
			t.Fatalf("Watch: %v", err)
		}
		if !e.writer.Idle() {
			t.Fatalf("cancelled after %v: Watch returned while an indexing run holds the engine", after)
		}
	}
	// The index is whole afterwards.
	rep := coreIndex(t, e, false)
	if rep.Added+rep.Unchanged+rep.Updated != 400 {
		t.Errorf("after the cancelled watches: %+v", rep)
	}
}
