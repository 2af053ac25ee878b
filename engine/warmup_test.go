package engine

import (
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
