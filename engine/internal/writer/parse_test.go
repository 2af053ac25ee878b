package writer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// TestParseAllKeepsToTheByteBudget checks that the files parsed or waiting
// for the writer stay within parseBudget bytes, however many workers
// there are: with room for three files, a fourth is not read before the
// first is used, and every file still reaches use in order.
func TestParseAllKeepsToTheByteBudget(t *testing.T) {
	const size = 64 << 10
	dir := t.TempDir()
	var jobs []scanJob
	for i := range 12 {
		path := filepath.Join(dir, fmt.Sprintf("p%02d.md", i))
		src := "# Page\n\n" + strings.Repeat("word ", size/5)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, scanJob{file: index.FileInfo{Path: filepath.Base(path), AbsPath: path, Size: int64(len(src))}})
	}
	oldBudget, oldParse := parseBudget, parseFile
	t.Cleanup(func() { parseBudget, parseFile = oldBudget, oldParse })
	parseBudget = 3*size + size/2 // three files, not four
	var started atomic.Int64
	parseFile = func(j scanJob, full bool) parsed {
		started.Add(1)
		return parseJob(j, full)
	}

	var most int64
	var order []string
	err := parseAll(context.Background(), jobs, true, func(i int, p *parsed) error {
		if i == 0 {
			// Give the feeder every chance to run ahead of the writer.
			for started.Load() < 3 {
				time.Sleep(time.Millisecond)
			}
			time.Sleep(50 * time.Millisecond)
		}
		most = max(most, started.Load()-int64(i))
		if p.doc == nil || p.err != nil {
			return fmt.Errorf("job %d (doc %v): %w", i, p.doc, p.err)
		}
		order = append(order, p.job.file.Path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if most > 3 {
		t.Errorf("%d files in flight at once, want at most the 3 the budget holds", most)
	}
	if len(order) != len(jobs) || order[0] != "p00.md" || order[len(order)-1] != "p11.md" {
		t.Errorf("used %v, want all 12 in order", order)
	}
}

// TestJobWeight checks what a file counts against the budget: its size,
// at least minJobWeight, at most the whole budget (a file over it runs
// alone instead of never).
func TestJobWeight(t *testing.T) {
	for _, tc := range []struct{ size, budget, want int64 }{
		{0, 1 << 20, minJobWeight},
		{100, 1 << 20, minJobWeight},
		{200 << 10, 1 << 20, 200 << 10},
		{5 << 20, 1 << 20, 1 << 20},
	} {
		if got := jobWeight(scanJob{file: index.FileInfo{Size: tc.size}}, tc.budget); got != tc.want {
			t.Errorf("jobWeight(size %d, budget %d) = %d, want %d", tc.size, tc.budget, got, tc.want)
		}
	}
}
