package engine

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// gitTestRepo runs git in root with dated commits and no machine config.
type gitTestRepo struct {
	t    *testing.T
	root string
}

func (g gitTestRepo) run(date string, args ...string) string {
	g.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = g.root
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	out, err := cmd.CombinedOutput()
	if err != nil {
		g.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (g gitTestRepo) commit(date, msg string) string {
	g.t.Helper()
	g.run(date, "add", "-A", "--", ".", ":!.ubp")
	g.run(date, "-c", "user.name=Ana Lima", "-c", "user.email=ana@example.com", "commit", "-q", "--no-gpg-sign", "-m", msg)
	return g.run(date, "rev-parse", "HEAD")
}

// TestOneStalenessTruth: an adopted repository whose document has been
// stale by git for 600 days. Indexing it records fresh fingerprints, yet
// search results, get-page, status and what the MCP tools return (the
// same engine answers) all say stale, with the baseline, ref, commit and
// date; and they agree with `ubp stale`.
func TestOneStalenessTruth(t *testing.T) {
	e, root, ch := staleDesignRepo(t, map[string]string{"docs/plain.md": "# Plain\n\nDesign notes without refs.\n"})
	ctx := context.Background()
	g := gitTestRepo{t, root}
	changedAt, change := ch.at, ch.commit
	mustIndex(t, e)

	checkReason := func(where string, r *StaleReason) {
		t.Helper()
		if r == nil {
			t.Errorf("%s: no reason", where)
			return
		}
		if r.Baseline != stale.BaselineGit || r.Ref != "src/b.txt" || r.Reason != stale.Modified || r.Commit != change ||
			r.Author != "Ana Lima" || r.ChangedAt != changedAt.Format(time.RFC3339) || r.ChangedRefs != 1 ||
			!strings.Contains(r.Summary, change[:12]) || !strings.Contains(r.Summary, "git baseline") {
			t.Errorf("%s: reason %+v", where, r)
		}
	}

	res, err := e.Search(ctx, SearchOptions{Query: "design", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range res.Results {
		switch h.Filepath {
		case "design.md":
			found = true
			if h.Staleness != stale.Stale {
				t.Errorf("search: %s", h.Staleness)
			}
			checkReason("search", h.StaleReason)
		case "plain.md":
			if h.Staleness != stale.Untracked || h.StaleReason != nil {
				t.Errorf("search plain.md: %s %+v", h.Staleness, h.StaleReason)
			}
		}
	}
	if !found {
		t.Fatalf("design.md not found: %+v", res.Results)
	}
	p := mustPage(t, e, "design.md")
	if p.Staleness != stale.Stale || len(p.StaleRefs) != 1 || p.StaleRefs[0] != "src/b.txt" || p.SourceRefs[1].Commit != change {
		t.Errorf("page: %s %v %+v", p.Staleness, p.StaleRefs, p.SourceRefs)
	}
	checkReason("page", p.StaleReason)
	st, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.StaleDocuments != 1 || st.StalenessBaseline != stale.BaselineGit || len(st.StaleList) != 1 || st.StaleList[0].Filepath != "design.md" {
		t.Fatalf("status: %+v", st)
	}
	checkReason("status", &st.StaleList[0].Reason)

	// The snapshot is stored with HEAD: another process (a read-only
	// engine here) reads it instead of checking again.
	var head, baseline string
	if err := e.db.QueryRowContext(ctx, `SELECT head, baseline FROM staleness_snapshot`).Scan(&head, &baseline); err != nil {
		t.Fatal(err)
	}
	if head != change || baseline != stale.BaselineGit {
		t.Errorf("stored snapshot: head %s baseline %s, want %s git", head, baseline, change)
	}
	ro, err := Open(ctx, e.Project(), OpenOptions{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	if p := mustPage(t, ro, "design.md"); p.Staleness != stale.Stale {
		t.Errorf("read-only engine: %s", p.Staleness)
	}
	if n := ro.staleSnap.checked.Load(); n != 0 {
		t.Errorf("the read-only engine checked %d documents instead of reading the stored results", n)
	}

	// `ubp stale` says the same.
	rep, err := e.Stale(ctx, StaleOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range rep.Documents {
		if d.Filepath == "design.md" && (d.Level != stale.Stale || d.Refs[1].Commit != change) {
			t.Errorf("ubp stale: %+v", d)
		}
	}

	// An edit to a document that is indexed (the index moved, HEAD did
	// not) checks that document alone.
	before := e.staleSnap.checked.Load()
	writeOld(t, root, "docs/plain.md", "# Plain\n\nDesign notes without refs, edited.\n", time.Now())
	mustIndex(t, e)
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.Stale {
		t.Errorf("after another document's edit: %s", p.Staleness)
	}
	if n := e.staleSnap.checked.Load() - before; n != 1 {
		t.Errorf("an edit to one document checked %d documents, want 1", n)
	}

	// The document is updated and committed: fresh everywhere, without
	// re-indexing code (the document's own edit is indexed).
	writeOld(t, root, "docs/design.md", strings.Replace(designDoc, "Text.", "Text for b v2.", 1), time.Now())
	g.commit(time.Now().UTC().Format(time.RFC3339), "docs: b v2")
	mustIndex(t, e)
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.Fresh || p.StaleReason != nil {
		t.Errorf("after the doc update: %s %+v", p.Staleness, p.StaleReason)
	}

	// A new commit changes the code: HEAD moved, so the next request
	// checks again, with no index run.
	writeOld(t, root, "src/a.go", strings.Replace(staleGoV1, `"hello"`, `"hi"`, 1), time.Now())
	later := g.commit(time.Now().Add(time.Minute).UTC().Format(time.RFC3339), "alpha says hi")
	p = mustPage(t, e, "design.md")
	if p.Staleness != stale.PossiblyStale || p.StaleReason == nil || p.StaleReason.Commit != later || p.StaleReason.Ref != "src/a.go#Alpha" {
		t.Errorf("after a code commit: %s %+v", p.Staleness, p.StaleReason)
	}

	// An uncommitted edit to a ref shows at once too: its size and mtime
	// moved, so that document alone is checked again.
	writeOld(t, root, "lib/one.txt", "one, edited\n", time.Now())
	p = mustPage(t, e, "design.md")
	if p.Staleness != stale.PossiblyStale || len(p.StaleRefs) != 2 || !p.SourceRefs[2].Uncommitted {
		t.Errorf("after an uncommitted edit: %s %v %+v", p.Staleness, p.StaleRefs, p.SourceRefs)
	}
}

// TestStalenessBaselineGitOutsideGit: with staleness.baseline "git" in a
// project outside git, pages still answer (under the index baseline, as
// auto would) and say which baseline they used.
func TestStalenessBaselineGitOutsideGit(t *testing.T) {
	e, _ := staleProject(t, map[string]string{
		"docs/bad.md": "---\ntitle: Bad\nsource_refs:\n  - missing.txt\n---\n# Bad\n",
	})
	e.Project().Config.Staleness.Baseline = stale.BaselineGit
	mustIndex(t, e)
	p := mustPage(t, e, "bad.md")
	if p.Staleness != stale.Stale || p.StaleReason == nil || p.StaleReason.Baseline != stale.BaselineIndex {
		t.Errorf("page: %s %+v", p.Staleness, p.StaleReason)
	}
	if _, err := e.Stale(context.Background(), StaleOptions{}); err == nil {
		t.Error("ubp stale with the git baseline outside git: no error")
	}
}
