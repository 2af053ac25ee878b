package stale

import "testing"

// TestGitMovedFolderRefNamesWhereItWent: a source_ref to a folder whose
// every file went to one new folder (git mv src/old src/new, files kept or
// lightly edited) is reported moved, naming the new folder, as a file ref
// is; a folder split between two folders, or partly deleted, stays
// deleted. It was reported deleted whatever happened.
func TestGitMovedFolderRefNamesWhereItWent(t *testing.T) {
	const code = "package old\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n\n// Bar does bar.\nfunc Bar() int {\n\treturn 2\n}\n"
	r := newTestRepo(t)
	r.write("src/old/a.go", code)
	r.write("src/old/sub/b.txt", "one\ntwo\nthree\nfour\n")
	r.write("src/bare/c.txt", "kept as it is\n")
	r.write("src/split/x.txt", "goes one way\n")
	r.write("src/split/y.txt", "goes the other way\n")
	r.write("src/part/kept.txt", "moved along\n")
	r.write("src/part/gone.txt", "deleted\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/old", "lib/new")
	r.write("lib/new/sub/b.txt", "one\ntwo\nthree\nfour!\n")
	r.move("src/bare", "src/plain")
	r.move("src/split/x.txt", "left/x.txt")
	r.move("src/split/y.txt", "right/y.txt")
	r.remove("src/split") // git mv leaves the empty folder
	r.move("src/part/kept.txt", "elsewhere/kept.txt")
	r.git("rm", "-q", "src/part/gone.txt")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "reorganise src")

	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("src/old/", "src/old/sub", "src/bare", "src/split/", "src/part")}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{
		{Moved, "lib/new/", moved},
		{Moved, "lib/new/sub", moved},
		{Moved, "src/plain", moved},
		{Deleted, "", moved}, // split between left/ and right/
		{Deleted, "", moved}, // gone.txt deleted
	})
}

// TestIndexMovedFolderRefNamesWhereItWent: under the index baseline too,
// a folder ref moved whole since the sync is reported moved.
func TestIndexMovedFolderRefNamesWhereItWent(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/old/a.txt", "a\n")
	r.write("src/old/b.txt", "b\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/old", "src/new")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move")
	checkIndexMoved(t, r, "src/old/", 2, "src/new/", moved)
}
