package stale

import (
	"strings"
	"testing"
)

// TestGitRefInSubmodule: under the git baseline a ref inside a git
// submodule (whose files the superproject's history does not hold) is
// checked for existence only, with a warning naming the document, the
// line and the submodule; a ref to the submodule folder itself follows
// the commits that move it. Until 2026-11-27 the whole check failed
// (git check-ignore: "Pathspec ... is in submodule").
func TestGitRefInSubmodule(t *testing.T) {
	sub := newTestRepo(t)
	sub.write("lib/x.txt", "v1\n")
	sub.write("lib/x.go", "package x\n\nfunc F() {}\n")
	sub.commit("2026-01-01T00:00:00Z", "Ana Lima", "sub init")

	r := newTestRepo(t)
	r.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", sub.dir, "vendor/sub")
	r.write("docs/doc.md", "# Doc\n")
	r.commit("2026-01-02T00:00:00Z", "Ana Lima", "init")

	sub.write("lib/x.txt", "v2\n")
	sub.write("lib/x.go", "package x\n\nfunc F() { println() }\n")
	sub.commit("2026-01-03T00:00:00Z", "Bo Chen", "sub change")
	r.gitIn(r.path("vendor/sub"), gitEnv(), "-c", "protocol.file.allow=always", "pull", "-q", "--no-rebase", "origin", "main")
	bump := r.commit("2026-01-04T00:00:00Z", "Bo Chen", "bump sub")

	in := DocInput{Filepath: "doc.md", RepoPath: "docs/doc.md", Refs: refs("vendor/sub/lib/x.txt", "vendor/sub")}
	in.Refs = append(in.Refs, hashRef("vendor/sub/lib/x.go#F", 4))
	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{in})
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	d := rep.Documents[0]
	want := map[string]Level{"vendor/sub/lib/x.txt": Fresh, "vendor/sub": Stale, "vendor/sub/lib/x.go#F": Fresh}
	for _, ref := range d.Refs {
		if ref.Level != want[ref.Ref] {
			t.Errorf("%s: %+v, want %s", ref.Ref, ref, want[ref.Ref])
		}
		if ref.Ref == "vendor/sub" && ref.Commit != bump {
			t.Errorf("vendor/sub: commit %s, want the bump %s", ref.Commit, bump)
		}
	}
	for _, line := range []int{2, 4} {
		found := false
		for _, w := range rep.Warnings {
			if w.File == "docs/doc.md" && w.Line == line && strings.Contains(w.Message, "inside the git submodule vendor/sub") {
				found = true
				assertNoCommandLine(t, "submodule warning", w.Message)
			}
		}
		if !found {
			t.Errorf("warnings %+v: none names docs/doc.md line %d and the submodule vendor/sub", rep.Warnings, line)
		}
	}
}
