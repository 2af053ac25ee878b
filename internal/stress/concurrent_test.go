//go:build stress

package stress

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestConcurrentRun runs at once, for a bounded time: `ubp serve` watching
// the docs folder, `ubp index` in a loop, `ubp search` and `ubp get-page`
// in a loop, and `git checkout` switching the folder between two branches
// (edits, renames, deletions). No command may fail other than "page not
// found" for a page the checkout just removed, none may report "database is
// locked" or panic, serve must stay up, and once the checkouts stop the
// index equals a twin built from the final files.
func TestConcurrentRun(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("git is required for the concurrent run")
	}
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	newProject(t, root)
	nDocs := budget(60, 300)
	dur := time.Duration(budget(8, 75)) * time.Second

	gitCmd := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", docs}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=s", "GIT_AUTHOR_EMAIL=s@x", "GIT_COMMITTER_NAME=s", "GIT_COMMITTER_EMAIL=s@x")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitCmd("init", "-q", "-b", "one")
	writeCorpus(t, docs, nDocs, 0)
	gitCmd("add", "-A")
	gitCmd("commit", "-q", "-m", "one")
	gitCmd("checkout", "-q", "-b", "two")
	writeCorpus(t, docs, nDocs, 1)
	for i := 0; i < nDocs; i += 3 { // renames
		gitCmd("mv", fmt.Sprintf("area-%d/topic-%03d.md", i%5, i), fmt.Sprintf("area-%d/moved-%03d.md", (i+1)%5, i))
	}
	for i := 1; i < nDocs; i += 9 { // deletions (never a renamed one)
		gitCmd("rm", "-q", "-f", fmt.Sprintf("area-%d/topic-%03d.md", i%5, i))
	}
	gitCmd("add", "-A")
	gitCmd("commit", "-q", "-m", "two")
	mustRun(t, root, "index", "--quiet")

	// serve over stdio, watching the folder.
	serve := exec.Command(ubp(t), "-C", root, "serve")
	serve.Stdin = openStdin(t)
	var serveErr bytes.Buffer
	serve.Stderr = &serveErr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	served := make(chan error, 1)
	go func() { served <- serve.Wait() }()

	ctx, cancel := context.WithTimeout(context.Background(), dur)
	defer cancel()
	var mu sync.Mutex
	var failures []string
	counts := map[string]int{}
	fail := func(format string, args ...any) {
		mu.Lock()
		failures = append(failures, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	check := func(what string, r result, notFoundOK bool) {
		mu.Lock()
		counts[what]++
		mu.Unlock()
		out := r.stdout + r.stderr
		switch {
		case r.hung:
			fail("%s hung", what)
		case strings.Contains(out, "database is locked"):
			fail("%s: database is locked: %s", what, out)
		case strings.Contains(out, "panic"):
			fail("%s panicked: %s", what, out)
		case r.code != 0 && !(notFoundOK && strings.Contains(out, "not found")):
			fail("%s: exit %d: %s", what, r.code, out)
		}
	}
	var wg sync.WaitGroup
	loop := func(body func(i int)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				body(i)
			}
		}()
	}
	loop(func(i int) {
		branch := []string{"one", "two"}[i%2]
		cmd := exec.Command("git", "-C", docs, "checkout", "-q", branch)
		if out, err := cmd.CombinedOutput(); err != nil {
			fail("git checkout %s: %v %s", branch, err, out)
		}
		mu.Lock()
		counts["checkout"]++
		mu.Unlock()
		time.Sleep(300 * time.Millisecond)
	})
	loop(func(int) { check("index", run(t, root, "index", "--quiet"), false) })
	loop(func(i int) {
		check("search", run(t, root, "search", "storage indexing revision", "--limit", "5"), false)
		check("get-page", run(t, root, "--json", "get-page", fmt.Sprintf("topic-%03d", i%nDocs)), true)
	})
	wg.Wait()
	select {
	case err := <-served:
		t.Fatalf("ubp serve ended during the run: %v\n%s", err, serveErr.String())
	default:
	}
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("operations: %v", counts)

	// Settle: final files, one more run, compare with a twin.
	gitCmd("checkout", "-q", "two")
	mustRun(t, root, "index", "--quiet")
	integrity(t, root)
	sameState(t, "after the concurrent run", readState(t, root), twinState(t, docs))
	_ = serve.Process.Kill()
	<-served
	if strings.Contains(serveErr.String(), "database is locked") || strings.Contains(serveErr.String(), "panic") {
		t.Errorf("serve log:\n%s", serveErr.String())
	}
}
