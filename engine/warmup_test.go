package engine

import (
	"context"
	"os"
	"testing"
)

// TestCloseWaitsForWarmUp: Close stops the background warm-up and waits for
// the query in flight, so nothing writes into .ubp once Close returned
// (a serve that exits at once used to leave the warm-up searching, and the
// staleness snapshot or SQLite's side files appeared after the folder was
// removed).
func TestCloseWaitsForWarmUp(t *testing.T) {
	for i := 0; i < 5; i++ {
		e, _ := coreIndexedFixture(t)
		dir := e.Project().DataDir()
		e.WarmUp()
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		if err := os.RemoveAll(dir); err != nil {
			t.Fatalf("remove %s after Close: %v", dir, err)
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("%s exists again after Close: %v", dir, err)
		}
		e.WarmUp() // after Close: starts nothing
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Fatalf("WarmUp after Close touched %s: %v", dir, err)
		}
	}
}

// TestRequestDoesNotWaitForWarmUp: a real request that arrives while the
// warm-up searches (YieldWarmUp, as ubp serve calls it when a tool call
// arrives) ends the warm-up's search in flight, which would otherwise go
// on beside the request (on a 2-core laptop, sharing the processor with
// it), and no further warm-up search starts; the request is answered.
func TestRequestDoesNotWaitForWarmUp(t *testing.T) {
	e, _ := coreIndexedFixture(t)
	p := e.Project()
	p.Config.Search.Translate = "ja-en" // two warm-up queries
	started := make(chan context.Context, len(warmQueries))
	release := make(chan struct{})
	t.Cleanup(func() { close(release); _ = e.Close() })
	e.warm.search = func(ctx context.Context, q string) error {
		started <- ctx
		select { // a warm-up query runs until it is cancelled
		case <-ctx.Done():
		case <-release:
		}
		return ctx.Err()
	}
	e.WarmUp()
	warm := <-started // the warm-up is searching

	e.YieldWarmUp() // a request arrives
	if warm.Err() == nil {
		t.Fatal("the warm-up's search goes on after a request arrived")
	}
	res, err := e.Search(context.Background(), SearchOptions{Query: "database", Limit: 3})
	if err != nil || len(res.Results) == 0 {
		t.Fatalf("the request: %d results, %v", len(res.Results), err)
	}
	e.warm.wg.Wait() // the warm-up has ended (its query was cancelled)
	if n := len(started); n != 0 {
		t.Errorf("%d more warm-up searches started after the request", n)
	}
	e.WarmUp() // a warm-up asked for again starts nothing
	if n := len(started); n != 0 {
		t.Errorf("WarmUp after a request started %d searches", n)
	}
}
