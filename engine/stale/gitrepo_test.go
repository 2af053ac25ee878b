package stale

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testRepo is a real git repository in a temp folder, with commits dated
// through GIT_AUTHOR_DATE and GIT_COMMITTER_DATE so hashes and ages are
// the same on every run.
type testRepo struct {
	t   testing.TB
	dir string
}

func requireGit(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("these tests need git on PATH: %v", err)
	}
}

func newTestRepo(t testing.TB) *testRepo {
	t.Helper()
	requireGit(t)
	r := &testRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

// gitEnv isolates test repositories from the machine's git configuration.
func gitEnv(extra ...string) []string {
	env := append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C")
	return append(env, extra...)
}

func (r *testRepo) gitIn(dir string, env []string, args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *testRepo) git(args ...string) string {
	r.t.Helper()
	return r.gitIn(r.dir, gitEnv(), args...)
}

func (r *testRepo) path(rel string) string { return filepath.Join(r.dir, filepath.FromSlash(rel)) }

func (r *testRepo) write(rel, content string) {
	r.t.Helper()
	p := r.path(rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

func (r *testRepo) remove(rel string) {
	r.t.Helper()
	if err := os.RemoveAll(r.path(rel)); err != nil {
		r.t.Fatal(err)
	}
}

// touch sets a file's modification time.
func (r *testRepo) touch(rel string, when time.Time) {
	r.t.Helper()
	if err := os.Chtimes(r.path(rel), when, when); err != nil {
		r.t.Fatal(err)
	}
}

// commit stages everything and commits it as author at when; it returns
// the commit hash.
func (r *testRepo) commit(when, author, msg string) string {
	r.t.Helper()
	r.git("add", "-A")
	env := gitEnv("GIT_AUTHOR_DATE="+when, "GIT_COMMITTER_DATE="+when)
	email := strings.ToLower(strings.ReplaceAll(author, " ", ".")) + "@example.com"
	r.gitIn(r.dir, env, "-c", "user.name="+author, "-c", "user.email="+email, "commit", "-q", "--no-gpg-sign", "--allow-empty", "-m", msg)
	return r.git("rev-parse", "HEAD")
}

func mustTime(t testing.TB, s string) time.Time {
	t.Helper()
	tm, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatal(err)
	}
	return tm
}
