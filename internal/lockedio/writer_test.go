package lockedio

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Lines written from many goroutines arrive whole, none lost or mixed
// (run with -race, a bytes.Buffer written without the lock is reported).
func TestConcurrentWritesStayWhole(t *testing.T) {
	var buf bytes.Buffer
	w := New(&buf)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				fmt.Fprintf(w, "goroutine %d line %03d\n", g, i)
			}
		}()
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 8*200 {
		t.Fatalf("%d lines, want %d", len(lines), 8*200)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var g, i int
		if n, err := fmt.Sscanf(l, "goroutine %d line %d", &g, &i); n != 2 || err != nil || seen[l] {
			t.Fatalf("line %q mixed or repeated", l)
		}
		seen[l] = true
	}
}
