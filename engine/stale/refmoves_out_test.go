package stale

import "testing"

// TestMovedOutOfTheProject: in a project that is a folder of its
// repository (svc/), a ref moved out of it is moved to where it went from
// the project root ("../pkg2/"), under either baseline; moved_to named
// the path from the git root ("pkg2/"), which reads as a path in the
// project, and a folder moved to the top of the repository was deleted.
func TestMovedOutOfTheProject(t *testing.T) {
	r := newTestRepo(t)
	r.write("svc/pkg/a.go", "package pkg\n\n// A is a.\nfunc A() int {\n\treturn 1\n}\n")
	r.write("svc/one.go", "package svc\n\n// One is one.\nfunc One() int {\n\treturn 1\n}\n")
	r.write("svc/flat/x.txt", "x\n")
	r.write("svc/inner/y.txt", "y\n")
	r.write("svc/docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("svc/pkg", "pkg2")
	r.move("svc/one.go", "lib/one.go")
	r.move("svc/flat/x.txt", "x.txt")
	r.move("svc/inner", "svc/sub/inner")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move out")
	cases := []struct {
		ref, to string
		files   int
	}{
		{"pkg/", "../pkg2/", 1},
		{"pkg", "../pkg2", 1},
		{"pkg/a.go#A", "../pkg2/a.go#A", 1},
		{"one.go", "../lib/one.go", 1},
		{"flat/", "../", 1},
		{"inner/", "sub/inner/", 1},
	}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			var in []string
			var want []movedRef
			base := map[string]Fingerprint{}
			for _, c := range cases {
				in = append(in, c.ref)
				want = append(want, movedRef{Moved, c.to, moved})
				base[c.ref] = Fingerprint{Exists: true, SHA256: "x", Files: c.files}
			}
			doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(in...)}
			if baseline == BaselineIndex {
				doc.IndexedAt, doc.Baselines = mustTime(t, "2026-01-01T12:00:00Z"), base
			}
			rep, err := Check(t.Context(), Options{Root: r.path("svc"), Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], want)
		})
	}
}
