package engine

import (
	"context"
	"maps"
	"os/exec"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// staleDesignRepo is a project in a git repository whose docs/design.md
// (designDoc) refers to src/b.txt, changed by a commit 600 days ago, with
// extra files beside it; it returns the engine (not indexed yet), the
// root, and that commit's hash and date.
func staleDesignRepo(t *testing.T, extra map[string]string) (*Engine, string, staleChange) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("this test needs git: %v", err)
	}
	files := map[string]string{
		"src/a.go":       staleGoV1,
		"src/b.txt":      "b v1\n",
		"lib/one.txt":    "one\n",
		"docs/design.md": designDoc,
	}
	maps.Copy(files, extra)
	e, root := staleProject(t, files)
	g := gitTestRepo{t, root}
	g.run("", "init", "-q", "-b", "main")
	g.commit("2024-01-01T00:00:00Z", "initial")
	at := time.Now().Add(-600 * 24 * time.Hour).UTC().Truncate(time.Second)
	writeOld(t, root, "src/b.txt", "b v2\n", at)
	return e, root, staleChange{commit: g.commit(at.Format(time.RFC3339), "b v2"), at: at}
}

// staleChange is the commit that changed a ref, and its date.
type staleChange struct {
	commit string
	at     time.Time
}

// TestStaleSnapshotOfAnotherCheckIsComputedAgain: the staleness snapshot
// stored in the index is served to another engine only when this revision
// of the check computed it (stale.CheckRevision, migration 0033). Before,
// an upgraded ubp served the old binary's answers in search results,
// pages and status until HEAD or the index moved, while `ubp stale` gave
// the new ones.
func TestStaleSnapshotOfAnotherCheckIsComputedAgain(t *testing.T) {
	e, _, _ := staleDesignRepo(t, nil)
	ctx := context.Background()
	mustIndex(t, e)
	if p := mustPage(t, e, "design.md"); p.Staleness != stale.Stale {
		t.Fatalf("page before: %s, want stale", p.Staleness)
	}
	// What another check stored: the document without changed refs.
	forge := func(checker int) {
		t.Helper()
		for _, stmt := range []string{`UPDATE staleness_documents SET refs = '[]'`, `UPDATE staleness_snapshot SET checker = ?`} {
			args := []any{}
			if stmt[len(stmt)-1] == '?' {
				args = append(args, checker)
			}
			if _, err := e.db.ExecContext(ctx, stmt, args...); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, tc := range []struct {
		name    string
		checker int
		want    stale.Level
	}{
		// This revision's snapshot is read as stored (so the forged rows are what a reader sees).
		{"this check's", stale.CheckRevision, stale.Fresh},
		{"an older check's", stale.CheckRevision - 1, stale.Stale},
		{"a newer check's", stale.CheckRevision + 1, stale.Stale},
	} {
		forge(tc.checker)
		other, err := Open(ctx, e.Project(), OpenOptions{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		if p := mustPage(t, other, "design.md"); p.Staleness != tc.want {
			t.Errorf("%s snapshot: page %s, want %s", tc.name, p.Staleness, tc.want)
		}
		other.Close()
	}
}
