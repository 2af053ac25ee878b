package stale

import (
	"testing"
)

// lowerLimit sets *limit to n for the rest of the test.
func lowerLimit(t *testing.T, limit *int, n int) {
	t.Helper()
	was := *limit
	*limit = n
	t.Cleanup(func() { *limit = was })
}

// checkBothBaselines checks one document of refsIn under either baseline
// and hands its result to want, with the commit the git baseline names
// for a ref not found (the newest to its file: notFoundBy), "" under the
// index baseline.
func checkBothBaselines(t *testing.T, r *testRepo, refsIn []string, want func(t *testing.T, doc DocResult, notFound func(commit string) string)) {
	t.Helper()
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			doc := symbolRefsDoc(t, baseline, refsIn)
			notFound := func(c string) string { return c }
			if baseline == BaselineIndex {
				notFound = func(string) string { return "" } // the index baseline names no commit for a missing declaration
			}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-02-01T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			want(t, rep.Documents[0], notFound)
		})
	}
}

// TestSymbolMoveFileLimit: a declaration moved out of its file by a
// commit that added or changed more Go files than maxSymbolMoveFiles
// stays not found, without error; one at the limit (other files not
// counted) is moved.
func TestSymbolMoveFileLimit(t *testing.T) {
	lowerLimit(t, &maxSymbolMoveFiles, 2)
	r := newTestRepo(t)
	r.write("src/n.go", goDecls("Narrow", "StayN"))
	r.write("src/w.go", goDecls("Wide", "StayW"))
	r.write("src/x.go", goDecls("X"))
	r.write("README.md", "# R\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/n.go", goDecls("StayN"))
	r.write("src/narrow.go", goDecls("Narrow"))
	r.write("README.md", "# R, edited\n")
	narrow := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "Narrow to narrow.go: 2 Go files")
	r.write("src/w.go", goDecls("StayW"))
	r.write("src/wide.go", goDecls("Wide"))
	r.write("src/x.go", goDecls("X", "Y"))
	wide := r.commit("2026-01-03T00:00:00Z", "Bo Chen", "Wide to wide.go: 3 Go files")

	checkBothBaselines(t, r, []string{"src/n.go#Narrow", "src/w.go#Wide"}, func(t *testing.T, doc DocResult, notFound func(string) string) {
		assertRefs(t, doc, []movedRef{
			{Moved, "src/narrow.go#Narrow", narrow},
			{NotFound, "", notFound(wide)},
		})
	})
}

// TestSymbolRevisionLimit: the commits a file is read at to find the one
// that took a declaration out are at most maxSymbolRevisions, newest
// first, for the ref's own file and for a file it was moved into: when
// that many all lack it the ref stays not found, without error; when the
// last of them holds it, it is moved.
func TestSymbolRevisionLimit(t *testing.T) {
	lowerLimit(t, &maxSymbolRevisions, 3)
	r := newTestRepo(t)
	r.write("src/a.go", goDecls("Near", "StayA"))
	r.write("src/b.go", goDecls("Far", "StayB"))
	r.write("src/s.go", goDecls("Hop", "StayS"))
	r.write("src/t.go", goDecls("Hop2", "StayT"))
	r.write("src/h1.go", goDecls("H1"))
	r.write("src/h2.go", goDecls("H2"))
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", goDecls("StayA"))
	r.write("src/near.go", goDecls("Near"))
	r.write("src/b.go", goDecls("StayB"))
	r.write("src/far.go", goDecls("Far"))
	r.write("src/s.go", goDecls("StayS"))
	r.write("src/h1.go", goDecls("H1", "Hop"))
	r.write("src/t.go", goDecls("StayT"))
	r.write("src/h2.go", goDecls("H2", "Hop2"))
	first := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move four declarations")
	r.write("src/a.go", goDecls("StayA", "A2"))
	r.write("src/b.go", goDecls("StayB", "B2"))
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "edit a.go and b.go")
	r.write("src/b.go", goDecls("StayB", "B3"))
	farBy := r.commit("2026-01-04T00:00:00Z", "Bo Chen", "edit b.go")
	r.write("src/h1.go", goDecls("H1"))
	r.write("src/hop.go", goDecls("Hop"))
	r.write("src/h2.go", goDecls("H2"))
	r.write("src/hop2.go", goDecls("Hop2"))
	hop := r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "move Hop and Hop2 on")
	r.write("src/h2.go", goDecls("H2", "C2"))
	r.commit("2026-01-06T00:00:00Z", "Cy Diaz", "edit h2.go")
	r.write("src/h2.go", goDecls("H2", "C3"))
	r.commit("2026-01-07T00:00:00Z", "Cy Diaz", "edit h2.go")

	refsIn := []string{"src/a.go#Near", "src/b.go#Far", "src/s.go#Hop", "src/t.go#Hop2"}
	checkBothBaselines(t, r, refsIn, func(t *testing.T, doc DocResult, notFound func(string) string) {
		assertRefs(t, doc, []movedRef{
			{Moved, "src/near.go#Near", first}, // a.go read at 3 commits, the last holding it
			{NotFound, "", notFound(farBy)},    // b.go's newest 3 commits all lack it
			{Moved, "src/hop.go#Hop", hop},     // h1.go read at 2
			{NotFound, "", notFound(first)},    // h2.go's newest 3 commits all lack it
		})
	})
}
