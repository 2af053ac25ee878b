package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorruptIndexSaysWhatToDo: an index file overwritten with garbage
// fails every command naming the file and saying what to do (delete it and
// run ubp index), and doing that recovers the project.
func TestCorruptIndexSaysWhatToDo(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/a.md": "# A\n\nThe alpha value.\n"})
	db := filepath.Join(root, ".ubp", "index.db")
	if err := os.WriteFile(db, []byte(strings.Repeat("garbage ", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"search", "alpha"}, {"index", "--full"}, {"status"}} {
		code, _, stderr := runCLI(t, root, args...)
		if code != 1 || !strings.Contains(stderr, db) || !strings.Contains(stderr, "delete the index file and run `ubp index`") {
			t.Errorf("ubp %s: exit %d, stderr %q; want 1, the file and what to do", strings.Join(args, " "), code, stderr)
		}
	}
	if err := os.Remove(db); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, root, "index")
	if out := mustCLI(t, root, "search", "alpha"); !strings.Contains(out, "a.md") {
		t.Errorf("after the remedy, search found nothing:\n%s", out)
	}
}
