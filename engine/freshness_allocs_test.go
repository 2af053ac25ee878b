package engine

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"testing"
)

// freshTree is an engine over n indexed documents in folders of 100, for
// measuring the freshness check on an index that is current.
func freshTree(tb testing.TB, n int) *Engine {
	tb.Helper()
	root := tb.TempDir()
	e := coreProject(tb, root, "docs")
	files := make(map[string]string, n)
	for i := range n {
		files[fmt.Sprintf("area%02d/page%04d.md", i/100, i)] = fmt.Sprintf("# Page %d\n\ntext %d\n", i, i)
	}
	coreWriteFiles(tb, filepath.Join(root, "docs"), files)
	coreIndex(tb, e, false)
	return e
}

// TestFreshnessAllocs: the check every read command runs first allocates
// a bounded number of bytes per file of a current index: the walk keeps
// no set of every name while all names are NFC and does not copy its list
// over and over as it grows, and the comparison walks the sorted list
// against the stored values without building maps of it.
func TestFreshnessAllocs(t *testing.T) {
	const n, runs = 2000, 3
	e := freshTree(t, n)
	ctx := context.Background()
	check := func() {
		f, err := e.Freshness(ctx)
		if err != nil || !f.Current() {
			t.Fatalf("Freshness: %+v, %v; want current", f, err)
		}
	}
	check() // warm: statements prepared, pools filled
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		check()
	}
	runtime.ReadMemStats(&after)
	perFile := float64(after.TotalAlloc-before.TotalAlloc) / runs / n
	t.Logf("%.0f bytes allocated per file", perFile)
	// 632 measured, 675 under the race detector; before the walk kept a
	// set of every name and the comparison built two maps, 992.
	if perFile > 800 {
		t.Errorf("%.0f bytes allocated per file of %d, want at most 800", perFile, n)
	}
}

func BenchmarkFreshness(b *testing.B) {
	e := freshTree(b, 3000)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := e.Freshness(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
