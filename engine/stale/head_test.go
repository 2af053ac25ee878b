package stale

import (
	"context"
	"path/filepath"
	"testing"
)

// TestHeadCommit: HEAD read from files matches git, on a branch, detached,
// after packing refs, in a linked work tree, in a sub-folder, before the
// first commit and outside git.
func TestHeadCommit(t *testing.T) {
	ctx := context.Background()
	r := newTestRepo(t)
	head := func(dir string) string {
		t.Helper()
		h, err := HeadCommit(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		return h
	}
	if h := head(r.dir); h != "" {
		t.Errorf("no commit yet: %q", h)
	}
	r.write("sub/a.txt", "1\n")
	c1 := r.commit("2026-01-01T00:00:00Z", "Ana Lima", "one")
	if h := head(r.path("sub")); h != c1 {
		t.Errorf("branch: %q, want %q", h, c1)
	}
	r.write("sub/a.txt", "2\n")
	c2 := r.commit("2026-01-02T00:00:00Z", "Ana Lima", "two")
	r.git("pack-refs", "--all")
	if h := head(r.dir); h != c2 {
		t.Errorf("packed refs: %q, want %q", h, c2)
	}
	r.git("checkout", "-q", "--detach", c1)
	if h := head(r.dir); h != c1 {
		t.Errorf("detached: %q, want %q", h, c1)
	}
	r.git("checkout", "-q", "main")
	wt := filepath.Join(t.TempDir(), "wt")
	r.git("worktree", "add", "-q", "-b", "other", wt, c1)
	if h := head(wt); h != c1 {
		t.Errorf("linked work tree: %q, want %q", h, c1)
	}
	if h := head(t.TempDir()); h != "" {
		t.Errorf("outside git: %q", h)
	}
}
