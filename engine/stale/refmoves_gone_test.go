package stale

import (
	"os"
	"testing"
)

// TestGitMovedFolderLeftOnDisk: a folder ref whose every file git mv took
// elsewhere is moved, though git mv leaves the emptied folder on disk and
// ignored files (a build's output) may stay in it: git holds nothing
// there, as a fresh clone shows. It was reported modified, by the move.
// A folder whose files were all deleted so is deleted.
func TestGitMovedFolderLeftOnDisk(t *testing.T) {
	r := newTestRepo(t)
	r.write(".gitignore", "*.pyc\n")
	r.write("src/pkg/a.py", "def a():\n    return 1\n")
	r.write("src/pkg/sub/b.py", "def b():\n    return 2\n")
	r.write("src/built/c.py", "def c():\n    return 3\n")
	r.write("src/gone/d.py", "def d():\n    return 4\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/pkg/a.py", "lib/pkg/a.py")
	r.move("src/pkg/sub/b.py", "lib/pkg/sub/b.py")
	r.move("src/built/c.py", "lib/built/c.py")
	r.write("src/built/__pycache__/c.pyc", "compiled\n") // ignored, left behind
	r.git("rm", "-q", "src/gone/d.py")
	if err := os.MkdirAll(r.path("src/gone"), 0o755); err != nil {
		t.Fatal(err)
	}
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move src into lib")
	if _, err := os.Stat(r.path("src/pkg/sub")); err != nil {
		t.Fatalf("git mv was expected to leave the emptied folder: %v", err)
	}

	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("src/pkg/", "src/pkg/sub", "src/built/", "src/gone/")}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{{Moved, "lib/pkg/", moved}, {Moved, "lib/pkg/sub", moved}, {Moved, "lib/built/", moved}, {Deleted, "", moved}})
}

// TestIndexMovedFolderLeftOnDisk: under the index baseline, a folder ref
// that held files at the sync and holds none now (git mv left it empty,
// or with only ignored files in it) is moved too; it was modified.
func TestIndexMovedFolderLeftOnDisk(t *testing.T) {
	r := newTestRepo(t)
	r.write(".gitignore", "*.pyc\n")
	r.write("src/old/a.txt", "a\n")
	r.write("src/old/b.txt", "b\n")
	r.write("src/built/c.py", "def c():\n    return 3\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/old/a.txt", "src/new/a.txt")
	r.move("src/old/b.txt", "src/new/b.txt")
	r.move("src/built/c.py", "lib/built/c.py")
	r.write("src/built/__pycache__/c.pyc", "compiled\n") // ignored, left behind
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move")
	if _, err := os.Stat(r.path("src/old")); err != nil {
		t.Fatalf("git mv was expected to leave the emptied folder: %v", err)
	}
	checkIndexMoved(t, r, "src/old/", 2, "src/new/", moved)
	checkIndexMoved(t, r, "src/built", 1, "lib/built", moved)
}
