package stale

import "testing"

// TestFolderEmptiedOverSeveralCommits: a folder ref whose files left it in
// several commits since the baseline is moved, by the last of them, when
// every file went to one new folder under the same relative path, under
// either baseline; deleted when one of those commits deleted a file, or
// sent one elsewhere. Only the commit that emptied it was read, so the
// files it moved decided alone: the folder was "moved" where its last
// file went, the files deleted or sent elsewhere before unseen.
func TestFolderEmptiedOverSeveralCommits(t *testing.T) {
	r := newTestRepo(t)
	for _, f := range []string{"two/a.txt", "two/sub/b.txt", "halfgone/a.txt", "halfgone/b.txt", "apart/a.txt", "apart/b.txt"} {
		r.write(f, "content of "+f+"\n")
	}
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("two/sub/b.txt", "lib/two/sub/b.txt")
	r.git("rm", "-q", "halfgone/a.txt")
	r.move("apart/a.txt", "left/a.txt")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "first half")
	r.move("two/a.txt", "lib/two/a.txt")
	r.move("halfgone/b.txt", "lib/halfgone/b.txt")
	r.move("apart/b.txt", "right/b.txt")
	last := r.commit("2026-01-03T00:00:00Z", "Bo Chen", "second half")

	refsIn := []string{"two/", "two", "halfgone/", "apart/"}
	files := map[string]int{"two/": 2, "two": 2, "halfgone/": 2, "apart/": 2}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(refsIn...)}
			if baseline == BaselineIndex {
				doc.IndexedAt, doc.Baselines = mustTime(t, "2026-01-01T12:00:00Z"), map[string]Fingerprint{}
				for _, ref := range refsIn {
					doc.Baselines[ref] = Fingerprint{Exists: true, SHA256: "x", Files: files[ref]}
				}
			}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], []movedRef{
				{Moved, "lib/two/", last},
				{Moved, "lib/two", last},
				{Deleted, "", last}, // a.txt deleted by the first commit
				{Deleted, "", last}, // a.txt to left/, b.txt to right/
			})
		})
	}
}
