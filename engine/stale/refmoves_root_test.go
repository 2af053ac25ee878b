package stale

import "testing"

// TestGitMovedFolderToRoot: a folder ref whose files all went to the top
// of the project, each under the same relative path (git mv pkg/a.go
// a.go), is moved to the project root, "./" (or "." for a ref written
// without the trailing '/'); a folder moved to a new top-level folder is
// moved there. The files' new paths had no folder to strip, so the move
// counted as a split and the ref was reported deleted (modified while
// git mv's emptied folder stayed on disk).
func TestGitMovedFolderToRoot(t *testing.T) {
	r := newTestRepo(t)
	r.write("pkg/a.go", "package pkg\n\nfunc A() {}\n")
	r.write("pkg/sub/b.go", "package sub\n\nfunc B() {}\n")
	r.write("src/lib/c.txt", "c\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("pkg/a.go", "a.go")
	r.move("pkg/sub/b.go", "sub/b.go")
	r.move("src/lib", "lib2")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "flatten")

	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("pkg/", "pkg", "pkg/sub/", "src/lib/")}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{{Moved, "./", moved}, {Moved, ".", moved}, {Moved, "sub/", moved}, {Moved, "lib2/", moved}})
}

// TestGitMovedFolderToProjectRoot: in a project that is a folder of its
// repository (svc/), a folder ref whose files went to the project's top
// is moved to "./"; it was moved to "svc/", the path from the git root.
func TestGitMovedFolderToProjectRoot(t *testing.T) {
	r := newTestRepo(t)
	r.write("svc/pkg/a.go", "package pkg\n\nfunc A() {}\n")
	r.write("svc/docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("svc/pkg/a.go", "svc/a.go")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "flatten")
	rep, err := Check(t.Context(), Options{Root: r.path("svc"), Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("pkg/")}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{{Moved, "./", moved}})
}
