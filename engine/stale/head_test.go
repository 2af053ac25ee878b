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
		h, err := HeadCommit(ctx, dir, "")
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

// TestHeadCommitGitDir: outside any work tree, HEAD comes from git only
// when the caller says GIT_DIR is set; git itself reads the variable from
// the environment it inherits, and the caller passes the value it read.
func TestHeadCommitGitDir(t *testing.T) {
	ctx := context.Background()
	r := newTestRepo(t)
	r.write("a.txt", "1\n")
	c1 := r.commit("2026-01-01T00:00:00Z", "Ana Lima", "one")
	outside := t.TempDir()
	gitDir := filepath.Join(r.dir, ".git")
	t.Setenv("GIT_DIR", gitDir)
	if h, err := HeadCommit(ctx, outside, ""); err != nil || h != "" {
		t.Errorf("GIT_DIR not passed: %q, %v; want no commit", h, err)
	}
	if h, err := HeadCommit(ctx, outside, gitDir); err != nil || h != c1 {
		t.Errorf("GIT_DIR passed: %q, %v; want %q", h, err, c1)
	}
}
