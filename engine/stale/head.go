package stale

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// HeadCommit returns the commit HEAD points at in the git work tree
// holding root: "" when root is in no work tree or the repository has no
// commit yet. It reads the repository's files (HEAD, the branch's ref,
// packed-refs), which costs a few small reads, and asks git only when they
// are in a form it does not know (then ctx bounds the wait). Callers use
// it to tell whether history moved since they last looked. envGitDir is
// GIT_DIR in the environment git runs in ("" when unset, see
// Options.GitDir): with no .git from root up, git is asked only when it
// is set.
func HeadCommit(ctx context.Context, root, envGitDir string) (string, error) {
	gitDir, _, ok := findGitDir(root)
	if !ok {
		if envGitDir == "" {
			return "", nil
		}
		return headFromGit(ctx, root)
	}
	if h, ok := headFromFiles(gitDir); ok {
		return h, nil
	}
	return headFromGit(ctx, root)
}

// findGitDir finds the .git folder (or the folder a .git file names, as
// in linked work trees and submodules) from root up, and the work tree
// top: the folder holding the .git entry.
func findGitDir(root string) (gitDir, top string, ok bool) {
	for dir := root; ; {
		p := filepath.Join(dir, ".git")
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				return p, dir, true
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return "", "", false
			}
			target, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir: ")
			if !ok {
				return "", "", false
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(dir, target)
			}
			return target, dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", "", false
		}
		dir = parent
	}
}

// headFromFiles resolves HEAD by reading files; ok is false when git has
// to be asked (a symbolic ref chain, an unusual layout).
func headFromFiles(gitDir string) (string, bool) {
	data, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return "", false
	}
	head := strings.TrimSpace(string(data))
	ref, symbolic := strings.CutPrefix(head, "ref: ")
	if !symbolic {
		return head, isHash(head)
	}
	if !strings.HasPrefix(ref, "refs/") || strings.Contains(ref, "..") {
		return "", false
	}
	// A linked work tree keeps HEAD in its own folder and refs in the
	// common one.
	dirs := []string{gitDir}
	if c, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		common := strings.TrimSpace(string(c))
		if !filepath.IsAbs(common) {
			common = filepath.Join(gitDir, common)
		}
		dirs = append(dirs, common)
	}
	for _, d := range dirs {
		if data, err := os.ReadFile(filepath.Join(d, filepath.FromSlash(ref))); err == nil {
			h := strings.TrimSpace(string(data))
			return h, isHash(h)
		}
	}
	for _, d := range dirs {
		data, err := os.ReadFile(filepath.Join(d, "packed-refs"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", false
		}
		for _, line := range strings.Split(string(data), "\n") {
			if h, name, ok := strings.Cut(strings.TrimSpace(line), " "); ok && name == ref {
				return h, isHash(h)
			}
		}
	}
	// The branch has no commit yet (a new repository) or refs live in a
	// backend these reads do not know (reftable): git knows.
	if _, err := os.Stat(filepath.Join(gitDir, "reftable")); err == nil {
		return "", false
	}
	return "", true
}

func isHash(s string) bool {
	if len(s) != 40 && len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// headFromGit asks git for HEAD.
func headFromGit(ctx context.Context, root string) (string, error) {
	out, err := runGit(ctx, root, "rev-parse", "-q", "--verify", "HEAD^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		// No commit yet, or not a work tree after all.
		return "", nil
	}
	h := strings.TrimSpace(string(out))
	if !isHash(h) {
		return "", fmt.Errorf("git rev-parse HEAD: unexpected answer %q", h)
	}
	return h, nil
}

// gitPrefix is the project root (a real path) relative to the top of the
// git work tree holding it, "" or "sub/dir/", found from the files (no git
// process); ok is false outside a work tree, and when gitDir (GIT_DIR) is
// set, as the files do not say where git then looks.
func gitPrefix(rootReal, gitDir string) (string, bool) {
	if gitDir != "" {
		return "", false
	}
	_, top, ok := findGitDir(rootReal)
	if !ok {
		return "", false
	}
	rel, err := filepath.Rel(top, rootReal)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	if rel == "." {
		return "", true
	}
	return filepath.ToSlash(rel) + "/", true
}
