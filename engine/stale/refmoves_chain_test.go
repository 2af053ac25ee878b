package stale

import "testing"

// chainRepo builds a repository whose refs were moved more than once, in
// separate commits, and returns it with the commits of interest.
// src/pkg -> src/pkg2 -> lib/pkg3 (a folder, twice); src/one.go ->
// src/two.go -> lib/three.go -> lib/four.go (a file, three times);
// cyc/b.go -> cyc/a.go -> cyc/c.go where cyc/a.go had moved to cyc/b.go
// first (a path met twice); gone/x.go -> gone/y.go, then deleted.
type chainRepo struct {
	*testRepo
	second, third, deleted string
}

func newChainRepo(t *testing.T) chainRepo {
	r := newTestRepo(t)
	r.write("src/pkg/a.go", "package pkg\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n")
	r.write("src/pkg/sub/b.txt", "one\ntwo\nthree\n")
	r.write("src/one.go", "package src\n\n// One is one.\nfunc One() int {\n\treturn 1\n}\n")
	r.write("cyc/a.go", "package cyc\n\n// A is a.\nfunc A() int {\n\treturn 1\n}\n")
	r.write("gone/x.go", "package gone\n\n// X is x.\nfunc X() int {\n\treturn 1\n}\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("cyc/a.go", "cyc/b.go")
	r.write("docs/d.md", "# D\n") // the git baseline: every ref exists
	r.commit("2026-01-01T06:00:00Z", "Ana Lima", "a to b, docs")
	// The baseline of the index tests is 2026-01-01T12:00:00Z.
	r.move("src/pkg", "src/pkg2")
	r.move("src/one.go", "src/two.go")
	r.move("cyc/b.go", "cyc/a.go")
	r.move("gone/x.go", "gone/y.go")
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "first moves")
	r.move("src/pkg2", "lib/pkg3")
	r.move("src/two.go", "lib/three.go")
	r.move("cyc/a.go", "cyc/c.go")
	second := r.commit("2026-01-03T00:00:00Z", "Bo Chen", "second moves")
	r.move("lib/three.go", "lib/four.go")
	third := r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "third move")
	r.git("rm", "-q", "gone/y.go")
	deleted := r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "drop y")
	return chainRepo{testRepo: r, second: second, third: third, deleted: deleted}
}

// TestMovedTwiceFollowsTheChain: a ref moved again by a later commit is
// reported moved to where it is now, with the commit of the last move
// (the one that put it at moved_to), under either baseline; moved and
// then deleted, it is deleted, by the commit that deleted it. moved_to
// named where the first move took it, a path that no longer existed.
func TestMovedTwiceFollowsTheChain(t *testing.T) {
	r := newChainRepo(t)
	cases := []struct {
		ref    string
		reason Reason
		to, by string
		nFiles int
	}{
		{ref: "src/pkg/", nFiles: 2, reason: Moved, to: "lib/pkg3/", by: r.second},
		{ref: "src/pkg", nFiles: 2, reason: Moved, to: "lib/pkg3", by: r.second},
		{ref: "src/pkg/a.go", nFiles: 1, reason: Moved, to: "lib/pkg3/a.go", by: r.second},
		{ref: "src/pkg/a.go#Foo", nFiles: 1, reason: Moved, to: "lib/pkg3/a.go#Foo", by: r.second},
		{ref: "src/one.go#One", nFiles: 1, reason: Moved, to: "lib/four.go#One", by: r.third},
		{ref: "src/one.go", nFiles: 1, reason: Moved, to: "lib/four.go", by: r.third},
		{ref: "cyc/b.go", nFiles: 1, reason: Moved, to: "cyc/c.go", by: r.second},
		{ref: "gone/x.go", nFiles: 1, reason: Deleted, by: r.deleted},
	}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			var in []string
			var want []movedRef
			base := map[string]Fingerprint{}
			for _, c := range cases {
				in = append(in, c.ref)
				want = append(want, movedRef{c.reason, c.to, c.by})
				base[c.ref] = Fingerprint{Exists: true, SHA256: "x", Files: c.nFiles}
			}
			doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(in...)}
			if baseline == BaselineIndex {
				doc.IndexedAt, doc.Baselines = mustTime(t, "2026-01-01T12:00:00Z"), base
			}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], want)
		})
	}
}
