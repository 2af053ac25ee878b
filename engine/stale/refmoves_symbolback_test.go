package stale

import (
	"fmt"
	"strings"
	"testing"
)

// TestMovedDeclarationBackInAFileItLeft: a declaration followed into a
// file it had left and come back to (x.go to a.go, a.go to b.go, b.go
// back to a.go) is moved to that file, by the commit that brought it back
// (the last move), under either baseline; so too when it came back to a
// new file under a name the chain's file had before it was renamed. The
// commit named was the first move into the file, though the declaration
// had left it since. A file the declaration was in twice (p.go to q.go,
// back, to q.go again) is one hop, to its last move: each file is read
// from its newest commit, so the chain never comes back to it.
func TestMovedDeclarationBackInAFileItLeft(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/x.go", goDecls("Back", "Reuse", "Again", "Stay"))
	r.write("src/a.go", goDecls("A1", "A2", "A3"))
	r.write("src/b.go", goDecls("B"))
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/x.go", goDecls("Stay"))
	r.write("src/p.go", goDecls("P1", "P2", "Again"))
	r.write("src/a.go", goDecls("A1", "A2", "A3", "Back"))
	r.write("src/r.go", goDecls("R1", "R2", "R3", "Reuse"))
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "Back to a.go, Reuse to r.go")
	r.write("src/a.go", goDecls("A1", "A2", "A3"))
	r.write("src/b.go", goDecls("B", "Back"))
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "Back to b.go")
	r.write("src/a.go", goDecls("A1", "A2", "A3", "Back"))
	r.write("src/b.go", goDecls("B"))
	back := r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "Back to a.go again")
	r.move("src/r.go", "src/s.go")
	r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "rename r.go")
	r.write("src/s.go", goDecls("R1", "R2", "R3"))
	r.write("src/r.go", goDecls("Reuse"))
	var again string
	reuse := r.commit("2026-01-06T00:00:00Z", "Cy Diaz", "Reuse to a new r.go")
	// Again: p.go to q.go, back to p.go, to q.go again.
	for i, to := range []string{"q", "p", "q"} {
		from := map[string]string{"p": "q", "q": "p"}[to]
		r.write("src/"+from+".go", goDecls(strings.ToUpper(from)+"1", strings.ToUpper(from)+"2"))
		r.write("src/"+to+".go", goDecls(strings.ToUpper(to)+"1", strings.ToUpper(to)+"2", "Again"))
		again = r.commit(fmt.Sprintf("2026-01-%02dT00:00:00Z", 7+i), "Cy Diaz", "Again to "+to+".go")
	}

	refsIn := []string{"src/x.go#Back", "src/x.go#Reuse", "src/x.go#Again"}
	checkBothBaselines(t, r, refsIn, func(t *testing.T, doc DocResult, _ func(string) string) {
		assertRefs(t, doc, []movedRef{
			{Moved, "src/a.go#Back", back},
			{Moved, "src/r.go#Reuse", reuse},
			{Moved, "src/q.go#Again", again}, // q.go met twice in time: one hop, to its last move
		})
	})
}

// TestDeclarationBackInItsOwnFileIsPresent: a ref naming the file a
// declaration left and came back to (a.go to b.go, back to a.go) resolves
// again, and is judged on the declaration's text like any present ref:
// fresh when the text is the baseline's, modified when it is not, dated
// by the first commit whose text differs from the baseline's (the one
// that took it out), counting every commit that changed it since.
func TestDeclarationBackInItsOwnFileIsPresent(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.go", goDecls("Home", "Edited", "Stay"))
	r.write("src/b.go", goDecls("B"))
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", goDecls("Stay"))
	r.write("src/b.go", goDecls("B", "Home", "Edited"))
	out := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "Home and Edited to b.go")
	r.write("src/a.go", goDecls("Stay", "Home")+"\n// Edited is new.\nfunc Edited() int {\n\treturn 2\n}\n")
	r.write("src/b.go", goDecls("B"))
	r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "back to a.go, Edited edited")

	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("src/a.go#Home", "src/a.go#Edited")}
	rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-02-01T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
	if err != nil {
		t.Fatal(err)
	}
	got := rep.Documents[0].Refs
	if len(got) != 2 || got[0].Level != Fresh || got[0].Reason != "" || got[0].Commit != "" {
		t.Fatalf("got %+v, want src/a.go#Home fresh: its text is the baseline's", got)
	}
	if e := got[1]; e.Level != Stale || e.Reason != Modified || e.Commit != out || e.Commits != 2 || e.MovedTo != "" {
		t.Errorf("got %+v, want src/a.go#Edited modified by %s, 2 commits", e, out)
	}
}
