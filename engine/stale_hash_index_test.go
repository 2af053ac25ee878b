package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
)

// gitIn returns a function running git in dir with a fixed identity and
// no user or system configuration; a failure fails the test.
func gitIn(t *testing.T, dir string) func(args ...string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatalf("this test needs git: %v", err)
	}
	return func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=Ana Lima", "-c", "user.email=ana@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "GIT_CEILING_DIRECTORIES="+filepath.Dir(dir))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
}

// TestIndexAgreesOnDeletedHashRef: a source_ref to a file whose name holds
// '#' (notes/c#.md) that was deleted is deleted for every surface: the
// indexing run no longer warns that it is rejected while `ubp stale` and
// status report it deleted. A '#' text that never named a path
// (guide.md#setup) is rejected by all of them. Until 2026-11-27 the
// indexing run decided with CheckPath alone and printed the deleted file
// as a malformed Go declaration.
func TestIndexAgreesOnDeletedHashRef(t *testing.T) {
	const doc = "---\ntitle: D\nsource_refs:\n  - notes/c#.md\n  - guide.md#setup\n---\n\n# D\n"
	for _, tc := range []struct {
		name string
		git  bool // a git work tree: history shows the file; else the index baseline recorded it
	}{
		{name: "git, document edited since", git: true},
		{name: "no git, full re-index", git: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			e, root := staleProject(t, map[string]string{"notes/c#.md": "c\n", "docs/d.md": doc})
			var git func(...string)
			if tc.git {
				git = gitIn(t, root)
				git("init", "-q")
				git("add", "-A", "--", ".", ":!.ubp")
				git("commit", "-q", "-m", "init")
			}
			mustIndex(t, e)
			if err := os.Remove(filepath.Join(root, "notes", "c#.md")); err != nil {
				t.Fatal(err)
			}
			opts := IndexOptions{Full: true}
			if tc.git {
				git("add", "-A", "--", ".", ":!.ubp")
				git("commit", "-q", "-m", "remove c#")
				// The edit records the document's baselines anew: only
				// history says the file existed.
				if err := os.WriteFile(filepath.Join(root, "docs", "d.md"), []byte(doc+"\nmore\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				opts = IndexOptions{}
			}
			rep, err := e.Index(ctx, opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0].Message, `"guide.md#setup" rejected`) {
				t.Errorf("index warnings %v: want guide.md#setup rejected alone, not the deleted notes/c#.md", rep.Warnings)
			}
			sr, err := e.Stale(ctx, StaleOptions{})
			if err != nil {
				t.Fatal(err)
			}
			d := sr.Documents[0]
			if len(d.Refs) != 1 || d.Refs[0].Ref != "notes/c#.md" || d.Refs[0].Level != stale.Stale || len(d.Rejected) != 1 || d.Rejected[0].Ref != "guide.md#setup" {
				t.Errorf("stale refs %+v, rejected %+v: want notes/c#.md stale, guide.md#setup rejected", d.Refs, d.Rejected)
			}
			st, err := e.Status(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if st.RejectedRefs != 1 || len(st.RejectedList) != 1 || !strings.Contains(st.RejectedList[0].Message, "guide.md#setup") {
				t.Errorf("status rejected %d %v: want guide.md#setup alone", st.RejectedRefs, st.RejectedList)
			}
		})
	}
}
