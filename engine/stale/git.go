package stale

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// gitRepo is the git work tree holding the project root.
type gitRepo struct {
	root    string // project root (real path): git runs there
	top     string // work tree top level
	prefix  string // project root relative to top, "" or "sub/dir/"
	shallow bool
	// boundary holds, in a shallow clone, the commits whose parents were
	// not fetched: git lists every file of theirs as added, which says
	// nothing about when a file changed, so their files are ignored.
	boundary map[string]bool
}

// gitArgs are prepended to every git command: no pager, no colour, no
// signatures in log output, no optional locks (a concurrent `git commit`
// must never fail because ubp was reading), paths never quoted.
var gitArgs = []string{
	"--no-pager",
	"-c", "color.ui=false",
	"-c", "core.quotepath=false",
	"-c", "log.showSignature=false",
	"-c", "diff.renames=false",
}

// gitCommand builds a git command running in dir.
func gitCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "git", append(append([]string{}, gitArgs...), args...)...) //nolint:gosec // git with arguments ubp builds (subcommands, refs, paths from the index), never through a shell
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	return cmd
}

// runGit runs a short git command and returns its standard output.
func runGit(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := gitCommand(ctx, dir, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, gitError(args, err, stderr.Bytes())
	}
	return out, nil
}

func gitError(args []string, err error, stderr []byte) error {
	msg := strings.TrimSpace(string(stderr))
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	name := "git"
	if len(args) > 0 {
		name += " " + args[0]
	}
	if msg != "" {
		return fmt.Errorf("%s: %w: %s", name, err, msg)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// errNotGit says the project is not in a git work tree (or git is not
// installed).
var errNotGit = errors.New("not a git work tree")

// mayBeGit is a cheap test run before starting git: false when no folder
// from root up holds a .git entry and gitDir (GIT_DIR) is unset.
func mayBeGit(root, gitDir string) bool {
	if gitDir != "" {
		return true
	}
	for dir := root; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// openGit finds the work tree holding root, under GIT_DIR gitDir when
// set. It returns errNotGit when there is none or git is not on PATH.
func openGit(ctx context.Context, root, gitDir string) (*gitRepo, error) {
	if !mayBeGit(root, gitDir) {
		return nil, errNotGit
	}
	if _, err := exec.LookPath("git"); err != nil {
		return nil, fmt.Errorf("%w: git is not on PATH", errNotGit)
	}
	out, err := runGit(ctx, root, "rev-parse", "--is-inside-work-tree", "--show-toplevel", "--show-prefix", "--is-shallow-repository", "--git-path", "shallow")
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%w (%w)", errNotGit, err)
	}
	lines := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(lines) < 5 || lines[0] != "true" {
		return nil, errNotGit
	}
	g := &gitRepo{
		root:    root,
		top:     lines[1],
		prefix:  lines[2],
		shallow: lines[3] == "true",
	}
	if g.shallow {
		shallowFile := lines[4]
		if !filepath.IsAbs(shallowFile) {
			shallowFile = filepath.Join(root, shallowFile)
		}
		data, err := os.ReadFile(shallowFile)
		if err != nil {
			return nil, fmt.Errorf("read the shallow clone's boundary: %w", err)
		}
		g.boundary = map[string]bool{}
		for _, h := range strings.Fields(string(data)) {
			// A commit of the list with no parent in its own object is
			// the repository's first: nothing was cut there (a clone
			// with --depth as deep as the history). Until 2026-11-27 it
			// made the report incomplete, exit 2.
			if root, err := isRootCommit(ctx, root, h); err == nil && root {
				continue
			}
			g.boundary[h] = true
		}
		g.shallow = len(g.boundary) > 0
	}
	return g, nil
}

// isRootCommit reports whether commit hash has no parent in its object:
// a shallow clone hides the parents of its cut commits from history, not
// from the objects themselves.
func isRootCommit(ctx context.Context, dir, hash string) (bool, error) {
	out, err := runGit(ctx, dir, "cat-file", "commit", hash)
	if err != nil {
		return false, err
	}
	head, _, _ := bytes.Cut(out, []byte("\n\n"))
	for _, line := range bytes.Split(head, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("parent ")) {
			return false, nil
		}
	}
	return true, nil
}

// projectPath turns a path relative to the work tree top into one relative
// to the project root; ok is false for paths outside the project.
func (g *gitRepo) projectPath(p string) (string, bool) {
	if g.prefix == "" {
		return p, true
	}
	if !strings.HasPrefix(p, g.prefix) {
		return "", false
	}
	return p[len(g.prefix):], true
}

// repoPath turns a project path into one relative to the work tree top,
// the form `git cat-file` wants after "<commit>:".
func (g *gitRepo) repoPath(p string) string {
	if p == "." {
		return strings.TrimSuffix(g.prefix, "/")
	}
	return g.prefix + p
}

// remoteURL returns the URL of remote origin, "" when there is none.
func (g *gitRepo) remoteURL(ctx context.Context) string {
	out, err := runGit(ctx, g.root, "remote", "get-url", "origin")
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// everHeld reports whether a commit in HEAD's history holds the project
// path p (a file since deleted): one `git log -1`. A repository without
// commits holds nothing.
func (g *gitRepo) everHeld(ctx context.Context, p string) (bool, error) {
	out, err := runGit(ctx, g.root, "log", "-1", "--format=%H", "--", ":(literal)"+p)
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if !g.hasCommits(ctx) {
			return false, nil
		}
		return false, err
	}
	return len(bytes.TrimSpace(out)) > 0, nil
}

// hasCommits reports whether HEAD names a commit.
func (g *gitRepo) hasCommits(ctx context.Context) bool {
	_, err := runGit(ctx, g.root, "rev-parse", "--verify", "-q", "HEAD")
	return err == nil
}
