package engine

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// TestSearchUsesOneConfiguration: a configuration reloaded while a search
// runs (as ubp serve's watcher does) does not reach that search: its
// results are levelled with the threshold it started with. A ref changed
// three days ago is possibly_stale under threshold_days 7 and stale under
// 1; the reload happens when the search first reads the environment
// (GIT_DIR, for the staleness check), after it read its search settings.
func TestSearchUsesOneConfiguration(t *testing.T) {
	root := t.TempDir()
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("this test needs git: %v", err)
	}
	writeOld(t, root, "src/b.txt", "b v1\n", old)
	writeOld(t, root, "docs/design.md", "---\ntitle: Design\nsource_refs:\n  - src/b.txt\n---\n# Design\n\nThe retry budget.\n", old)
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	cfg.Staleness.Baseline = "git"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var e *Engine
	reloadOnGitDir := false
	e, err = Open(context.Background(), p, OpenOptions{Getenv: func(name string) string {
		if name == "GIT_DIR" && reloadOnGitDir {
			reloadOnGitDir = false
			if r, err := e.ReloadConfig(); err != nil || !r.Changed {
				t.Errorf("reload: changed %v, %v", r.Changed, err)
			}
		}
		return ""
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	git := func(date time.Time, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		d := date.UTC().Format(time.RFC3339)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_DATE="+d, "GIT_COMMITTER_DATE="+d)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	commit := func(date time.Time, msg string) {
		git(date, "add", "-A", "--", ".", ":!.ubp")
		git(date, "-c", "user.name=Ana Lima", "-c", "user.email=ana@example.com", "commit", "-q", "--no-gpg-sign", "-m", msg)
	}
	now := time.Now()
	git(now, "init", "-q", "-b", "main")
	commit(now.Add(-10*24*time.Hour), "the design")
	writeOld(t, root, "src/b.txt", "b v2\n", now.Add(-72*time.Hour))
	commit(now.Add(-72*time.Hour), "b changes three days ago")
	mustIndex(t, e)

	search := func() stale.Level {
		t.Helper()
		res, err := e.Search(context.Background(), SearchOptions{Query: "retry budget", Fulltext: true})
		if err != nil || len(res.Results) != 1 {
			t.Fatalf("search: %+v, %v", res, err)
		}
		return res.Results[0].Staleness
	}
	if got := search(); got != stale.PossiblyStale {
		t.Fatalf("before any reload: %s, want %s", got, stale.PossiblyStale)
	}
	next := cfg
	next.Staleness.ThresholdDays = 1
	data, err := json.Marshal(next)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.ConfigPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
	reloadOnGitDir = true
	if got := search(); got != stale.PossiblyStale {
		t.Errorf("reloaded during the search: %s, want %s (the threshold the search started with)", got, stale.PossiblyStale)
	}
	if reloadOnGitDir {
		t.Fatal("the search never read GIT_DIR: the test proves nothing")
	}
	if got := search(); got != stale.Stale {
		t.Errorf("the next search: %s, want %s (the new threshold)", got, stale.Stale)
	}
}
