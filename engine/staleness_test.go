package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

const staleGoV1 = `package a

// Alpha says hello.
func Alpha() string { return "hello" }

// Beta adds.
func Beta(x, y int) int { return x + y }
`

// staleProject writes files under a temp root with an old modification
// time, initialises a project with docs_dir "docs" and opens its engine.
func staleProject(t *testing.T, files map[string]string) (*Engine, string) {
	t.Helper()
	root := t.TempDir()
	old := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for rel, content := range files {
		writeOld(t, root, rel, content, old)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(context.Background(), p, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e, root
}

func writeOld(t *testing.T, root, rel, content string, mtime time.Time) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

func mustIndex(t *testing.T, e *Engine) IndexReport {
	t.Helper()
	rep, err := e.Index(context.Background(), IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func mustPage(t *testing.T, e *Engine, ref string) Page {
	t.Helper()
	p, err := e.GetPage(context.Background(), ref)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const designDoc = `---
title: Design
doc_type: design
source_refs:
  - src/a.go#Alpha
  - src/b.txt
  - lib/
---
# Design

Text.
`

// TestPageStalenessIsCurrent: get_page and status show staleness as it is
// now against the index baseline, without re-indexing; re-indexing an
// unchanged document keeps its baseline; editing the document resets it.
func TestPageStalenessIsCurrent(t *testing.T) {
	e, root := staleProject(t, map[string]string{
		"src/a.go":       staleGoV1,
		"src/b.txt":      "b v1\n",
		"lib/one.txt":    "one\n",
		"docs/design.md": designDoc,
		"docs/plain.md":  "# Plain\n\nNo refs.\n",
		"docs/bad.md":    "---\ntitle: Bad\nsource_refs:\n  - missing.txt\n  - ../escape.txt\n---\n# Bad\n",
	})
	ctx := context.Background()
	mustIndex(t, e)

	// The baseline stored for each kind of ref.
	var n, withSHA int
	if err := e.db.QueryRowContext(ctx, `SELECT count(*), count(sha256) FROM source_refs`).Scan(&n, &withSHA); err != nil {
		t.Fatal(err)
	}
	if n != 5 || withSHA != 3 {
		t.Errorf("source_refs rows %d, with a hash %d; want 5 and 3 (missing and rejected refs have none)", n, withSHA)
	}

	p := mustPage(t, e, "design.md")
	wantFresh := []RefStatus{{Ref: "src/a.go#Alpha", Line: 5}, {Ref: "src/b.txt", Line: 6}, {Ref: "lib/", Line: 7}}
	if p.Staleness != stale.Fresh || !reflect.DeepEqual(p.SourceRefs, wantFresh) || len(p.StaleRefs) != 0 || p.StaleRefs == nil {
		t.Fatalf("fresh page: %q %+v %v", p.Staleness, p.SourceRefs, p.StaleRefs)
	}
	if p := mustPage(t, e, "plain.md"); p.Staleness != stale.Untracked {
		t.Errorf("plain.md: %q", p.Staleness)
	}
	bad := mustPage(t, e, "bad.md")
	wantBad := []RefStatus{{Ref: "missing.txt", Line: 4, Changed: true, Reason: stale.NotFound, Level: stale.Stale}, {Ref: "../escape.txt", Line: 5, Rejected: "the path escapes the project root"}}
	if bad.Staleness != stale.Stale || !reflect.DeepEqual(bad.SourceRefs, wantBad) || !reflect.DeepEqual(bad.StaleRefs, []string{"missing.txt"}) {
		t.Errorf("bad.md: %q %+v %v", bad.Staleness, bad.SourceRefs, bad.StaleRefs)
	}
	if r := bad.StaleReason; r == nil || r.Baseline != stale.BaselineIndex || r.Ref != "missing.txt" || r.Reason != stale.NotFound ||
		r.Summary != "missing.txt not found, index baseline" {
		t.Errorf("bad.md reason: %+v", r)
	}

	// Code edits show at once, without `ubp index`.
	writeOld(t, root, "src/a.go", strings.Replace(staleGoV1, "x + y", "y + x", 1), time.Now())
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.Fresh {
		t.Errorf("only Beta changed, Alpha is referenced: %q %v", p.Staleness, p.StaleRefs)
	}
	writeOld(t, root, "src/b.txt", "b v2, longer\n", time.Now())
	os.Remove(filepath.Join(root, "lib", "one.txt"))
	p = mustPage(t, e, "design.md")
	for i := range p.SourceRefs {
		if p.SourceRefs[i].Changed && p.SourceRefs[i].ChangedAt == "" {
			t.Errorf("%s: no change time", p.SourceRefs[i].Ref)
		}
		p.SourceRefs[i].ChangedAt = ""
	}
	wantChanged := []RefStatus{{Ref: "src/a.go#Alpha", Line: 5}, {Ref: "src/b.txt", Line: 6, Changed: true, Reason: stale.Modified, Level: stale.PossiblyStale},
		{Ref: "lib/", Line: 7, Changed: true, Reason: stale.Modified, Level: stale.PossiblyStale}}
	if p.Staleness != stale.PossiblyStale || !reflect.DeepEqual(p.SourceRefs, wantChanged) ||
		!reflect.DeepEqual(p.StaleRefs, []string{"src/b.txt", "lib/"}) {
		t.Errorf("after edits: %q %+v %v", p.Staleness, p.SourceRefs, p.StaleRefs)
	}
	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.StaleDocuments != 2 {
		t.Errorf("status: %d stale documents, want 2 (design.md, bad.md)", st.StaleDocuments)
	}

	// Re-indexing alone never hides a stale document.
	mustIndex(t, e)
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.PossiblyStale {
		t.Errorf("after re-indexing: %q", p.Staleness)
	}
	// Editing the document syncs its refs: fresh again.
	writeOld(t, root, "docs/design.md", strings.Replace(designDoc, "Text.", "Text, updated.", 1), time.Now())
	mustIndex(t, e)
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.Fresh {
		t.Errorf("after updating the document: %q %v", p.Staleness, p.StaleRefs)
	}

	// The report: every document, warnings for the refused ref.
	rep, err := e.Stale(ctx, StaleOptions{Baseline: stale.BaselineIndex})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, d := range rep.Documents {
		paths = append(paths, d.RepoPath+"="+string(d.Level))
	}
	if want := []string{"docs/bad.md=stale", "docs/design.md=fresh", "docs/plain.md=untracked"}; !reflect.DeepEqual(paths, want) {
		t.Errorf("report documents %v, want %v", paths, want)
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].File != "docs/bad.md" || rep.Warnings[0].Line != 5 {
		t.Errorf("warnings %v", rep.Warnings)
	}
	// What indexing reports for the same refs: see the writer's
	// TestSourceRefWarnings.
}

// TestStaleGitThroughEngine: `ubp stale` with the git baseline on a fresh
// clone-like project: refs changed in commits after the document's.
func TestStaleGitThroughEngine(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("this test needs git: %v", err)
	}
	e, root := staleProject(t, map[string]string{
		"src/a.go":       staleGoV1,
		"src/b.txt":      "b v1\n",
		"lib/one.txt":    "one\n",
		"docs/design.md": designDoc,
	})
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	commit := func(date, msg string) {
		git(date, "add", "-A", "--", ".", ":!.ubp")
		git(date, "-c", "user.name=Ana Lima", "-c", "user.email=ana@example.com", "commit", "-q", "--no-gpg-sign", "-m", msg)
	}
	git("", "init", "-q", "-b", "main")
	commit("2026-02-01T00:00:00Z", "initial")
	writeOld(t, root, "src/a.go", strings.Replace(staleGoV1, `"hello"`, `"hi"`, 1), time.Now())
	commit("2026-02-10T00:00:00Z", "alpha says hi")
	mustIndex(t, e)

	now := time.Date(2026, 2, 12, 0, 0, 0, 0, time.UTC)
	rep, err := e.Stale(context.Background(), StaleOptions{Now: now}) // config baseline: auto → git
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != stale.BaselineGit || len(rep.Documents) != 1 {
		t.Fatalf("report %+v", rep)
	}
	d := rep.Documents[0]
	if d.RepoPath != "docs/design.md" || d.Level != stale.PossiblyStale || d.Refs[0].Reason != stale.Modified ||
		d.Refs[0].Author != "Ana Lima" || d.Refs[1].Level != stale.Fresh || d.Refs[2].Level != stale.Fresh {
		t.Errorf("git report: %+v", d)
	}
	// The index baseline was recorded after the commit: fresh there.
	rep, err = e.Stale(context.Background(), StaleOptions{Baseline: stale.BaselineIndex, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != stale.BaselineIndex || rep.Documents[0].Level != stale.Fresh {
		t.Errorf("index report: %s %+v", rep.Baseline, rep.Documents[0])
	}

	// Moving the document (alone in its new folder) is not an update: the
	// engine gives the check its docs folder, where git sees the move.
	if err := os.MkdirAll(filepath.Join(root, "docs", "adr"), 0o755); err != nil {
		t.Fatal(err)
	}
	git("", "mv", "docs/design.md", "docs/adr/design.md")
	commit("2026-02-11T00:00:00Z", "move the design")
	mustIndex(t, e)
	rep, err = e.Stale(context.Background(), StaleOptions{Baseline: stale.BaselineGit, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if d := rep.Documents[0]; len(rep.Documents) != 1 || d.RepoPath != "docs/adr/design.md" || d.Level != stale.PossiblyStale || d.Refs[0].Reason != stale.Modified {
		t.Errorf("after moving the document: %+v", rep.Documents)
	}
}

// When every document is asked for and more of them moved than a read may
// list by id, the inputs of every document are read and only the moved
// ones are checked again: the same answer and the same work as listing
// them.
func TestStatusRechecksOnlyMovedDocuments(t *testing.T) {
	for _, listed := range []int{maxListedRechecks, 0} {
		t.Run(fmt.Sprintf("listed %d", listed), func(t *testing.T) {
			old := maxListedRechecks
			maxListedRechecks = listed
			defer func() { maxListedRechecks = old }()
			e, root := staleProject(t, map[string]string{
				"src/a.txt":  "a v1\n",
				"src/b.txt":  "b v1\n",
				"src/c.txt":  "c v1\n",
				"docs/a.md":  "---\nsource_refs:\n  - src/a.txt\n---\n# A\n",
				"docs/b.md":  "---\nsource_refs:\n  - src/b.txt\n---\n# B\n",
				"docs/c.md":  "---\nsource_refs:\n  - src/c.txt\n---\n# C\n",
				"docs/ab.md": "---\nsource_refs:\n  - src/a.txt\n  - src/c.txt\n---\n# AB\n",
			})
			ctx := context.Background()
			mustIndex(t, e)
			if st, err := e.Status(ctx); err != nil || st.StaleDocuments != 0 {
				t.Fatalf("before: %d stale, %v", st.StaleDocuments, err)
			}
			writeOld(t, root, "src/a.txt", "a v2, longer\n", time.Now())
			writeOld(t, root, "src/b.txt", "b v2, longer\n", time.Now())
			before := e.staleSnap.checked.Load()
			st, err := e.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var stale []string
			for _, d := range st.StaleList {
				stale = append(stale, d.Filepath)
			}
			slices.Sort(stale)
			if want := []string{"a.md", "ab.md", "b.md"}; !slices.Equal(stale, want) {
				t.Errorf("stale %v, want %v", stale, want)
			}
			if n := e.staleSnap.checked.Load() - before; n != 3 {
				t.Errorf("%d documents checked again, want the 3 whose refs moved", n)
			}
		})
	}
}
