package stale

import (
	"strings"
	"testing"
)

// TestGitIgnoredRefWarns: git keeps no history of a file it ignores, so
// the git baseline cannot see it change. Until 2026-11-27 such a ref was
// fresh whatever happened to it, without a word; now the report warns,
// naming the document, the line, the path and the ignore rule, and says
// what is still checked. A tracked file, even one an ignore rule matches
// (added with --force), has history and gets no warning.
func TestGitIgnoredRefWarns(t *testing.T) {
	r := newTestRepo(t)
	r.write(".gitignore", "*.log\nbuild/\nzz_*.go\n")
	r.write("code.txt", "v1\n")
	r.write("forced.log", "v1\n")
	r.git("add", "-f", "forced.log")
	r.write("doc.md", "# Doc\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("gen.log", "made by the build\n")
	r.write("build/out.txt", "made by the build\n")
	r.write("zz_gen.go", "package a\n\nfunc F() {}\n")
	d, rep := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt", "forced.log", "gen.log", "build", "missing.log", "zz_gen.go#F")})
	if d.Level != Stale { // missing.log is not found
		t.Errorf("level %s, want stale (missing.log)", d.Level)
	}
	want := map[int]string{4: `"gen.log"`, 5: `"build"`, 7: `"zz_gen.go#F"`}
	for _, w := range rep.Warnings {
		q, ok := want[w.Line]
		if !ok || w.File != "doc.md" {
			t.Errorf("unexpected warning %+v", w)
			continue
		}
		delete(want, w.Line)
		assertNoCommandLine(t, "ignored-ref warning", w.Message)
		for _, s := range []string{q, "git ignores", ".gitignore:", "only whether it exists", "the index baseline"} {
			if !strings.Contains(w.Message, s) {
				t.Errorf("warning %q does not say %q", w.Message, s)
			}
		}
	}
	for line, ref := range want {
		t.Errorf("no warning for %s at line %d; warnings: %+v", ref, line, rep.Warnings)
	}
}
