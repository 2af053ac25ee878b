package stale

import "testing"

// TestIndexMovedInTheSyncsSecond: under the index baseline, a ref deleted
// or moved by a commit made in the same second as the sync (git records
// whole seconds, the sync nanoseconds) names that commit, and where it
// went; it was deleted, with no commit and no hint, as a script that
// indexes and then commits at once sees.
func TestIndexMovedInTheSyncsSecond(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/pkg/a.txt", "a\n")
	r.write("src/pkg/b.txt", "b\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/pkg", "pkg2")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move")
	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z")},
		[]DocInput{{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("src/pkg/"), IndexedAt: mustTime(t, "2026-01-02T00:00:00.4Z"),
			Baselines: map[string]Fingerprint{"src/pkg/": {Exists: true, SHA256: "x", Files: 2}}}})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{{Moved, "pkg2/", moved}})
}
