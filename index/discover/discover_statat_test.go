package discover

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestDiscoverStatsInTheFolder: where the system offers it (statAtSupported),
// a walk stats a file it met in a folder it is listing by its name in that
// folder, not by its whole path (which the system resolves again folder by
// folder: at 10,000 documents most of a freshness check's time); only a
// symlink's target is stat'ed by its path. Both walks list the same files.
func TestDiscoverStatsInTheFolder(t *testing.T) {
	if !statAtSupported {
		t.Skipf("no stat relative to a folder on %s", runtime.GOOS)
	}
	root := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("a/%d/f%02d.md", i%3, i)] = "x"
	}
	writeTree(t, root, files)
	if err := os.Symlink("a/0/f00.md", filepath.Join(root, "link.md")); err != nil {
		t.Fatal(err)
	}
	for _, statOnly := range []bool{true, false} {
		w, err := discover(context.Background(), Options{Root: root, StatOnly: statOnly})
		if err != nil {
			t.Fatal(err)
		}
		if len(w.files) != 31 {
			t.Errorf("StatOnly %v: listed %d files, want 31", statOnly, len(w.files))
		}
		if w.pathStats != 1 {
			t.Errorf("StatOnly %v: %d files stat'ed by their whole path, want 1 (the symlink's target)", statOnly, w.pathStats)
		}
	}
}
