package stale

import (
	"os"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestDocsFolderBehindSymlink: a docs folder that is a symlink inside the
// project (docs -> handbook/docs) holds documents git records under the
// path the link leads to; their history is read there, and reports name
// them there, where code scanning finds them. Until 2026-11-27 git was
// asked about docs/d.md, which it never held: the document was said to
// be untracked ("ignored?"), only missing refs were reported, and a ref
// changed since was fresh.
func TestDocsFolderBehindSymlink(t *testing.T) {
	for _, tc := range []struct {
		name  string
		moved bool // the folder was moved behind the link in a later commit
	}{
		{name: "link from the start"},
		{name: "folder moved behind the link", moved: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			folder := "handbook/docs"
			if tc.moved {
				folder = "docs"
			}
			r.write(folder+"/d.md", "---\nsource_refs:\n  - lib/one.txt\n---\n# D\n")
			r.write("lib/one.txt", "one\n")
			if !tc.moved {
				if err := os.Symlink("handbook/docs", r.path("docs")); err != nil {
					t.Fatal(err)
				}
			}
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			r.write("lib/one.txt", "one, changed\n")
			change := r.commit("2026-01-05T00:00:00Z", "Bo Chen", "change one")
			if tc.moved {
				if err := os.Mkdir(r.path("handbook"), 0o755); err != nil {
					t.Fatal(err)
				}
				r.git("mv", "docs", "handbook/docs")
				if err := os.Symlink("handbook/docs", r.path("docs")); err != nil {
					t.Fatal(err)
				}
				r.commit("2026-01-06T00:00:00Z", "Ana Lima", "docs behind a link")
			}
			in := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: []index.SourceRef{{Path: "lib/one.txt", Line: 3}}}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, DocsDir: "docs", Now: mustTime(t, "2026-01-20T00:00:00Z")}, []DocInput{in})
			if err != nil {
				t.Fatal(err)
			}
			d := rep.Documents[0]
			if d.Level != Stale || len(d.Refs) != 1 || d.Refs[0].Reason != Modified || d.Refs[0].Commit != change {
				t.Errorf("level %s, refs %+v: want lib/one.txt modified by %s, stale", d.Level, d.Refs, change)
			}
			if d.RepoPath != "handbook/docs/d.md" {
				t.Errorf("repo_path %q, want handbook/docs/d.md (where git holds it)", d.RepoPath)
			}
			if len(rep.Warnings) != 0 {
				t.Errorf("warnings %v, want none", rep.Warnings)
			}
		})
	}
}
