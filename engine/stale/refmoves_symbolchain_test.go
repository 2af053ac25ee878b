package stale

import (
	"fmt"
	"strings"
	"testing"
)

// goDecls is a Go file of package src holding a function for each name.
func goDecls(names ...string) string {
	var b strings.Builder
	b.WriteString("package src\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\n// %s does it.\nfunc %s() int {\n\treturn 1\n}\n", n, n)
	}
	return b.String()
}

// TestMovedDeclarationFollowedThroughLaterMoves: a path.go#Symbol ref
// whose declaration a commit moved into another file, and a later commit
// moved on into a third (every file staying), is moved to the third
// file's #Symbol, by the last move, under either baseline; so through a
// move of the file between the two, and through up to maxMoveRounds
// moves in all. Moved on and then deleted, or moved more often than
// that, it stays not found. It stayed not found after a second move.
func TestMovedDeclarationFollowedThroughLaterMoves(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.go", goDecls("Foo", "Bar", "Gone", "Near", "Far", "Stay"))
	r.write("src/b.go", goDecls("B"))
	r.write("src/c.go", goDecls("C"))
	r.write("src/m.go", goDecls("M"))
	r.write("src/hop/near0.go", goDecls("Near0"))
	r.write("src/hop/far0.go", goDecls("Far0"))
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", goDecls("Near", "Far", "Stay"))
	r.write("src/b.go", goDecls("B", "Foo", "Gone"))
	r.write("src/m.go", goDecls("M", "Bar"))
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "split a.go")
	r.write("src/b.go", goDecls("B"))
	r.write("src/c.go", goDecls("C", "Foo"))
	second := r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "Foo to c.go, Gone deleted")
	r.move("src/m.go", "lib/m.go")
	r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "move m.go")
	r.write("lib/m.go", goDecls("M"))
	r.write("lib/n.go", goDecls("N", "Bar"))
	barMoved := r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "Bar to n.go")
	// Near moves maxMoveRounds times (a.go, then near1.go to near7.go,
	// into near8.go), Far once more.
	var nearBy, hop1 string
	for hop := 1; hop <= maxMoveRounds+1; hop++ {
		from := func(name string) string {
			if hop == 1 {
				return "src/a.go"
			}
			return fmt.Sprintf("src/hop/%s%d.go", strings.ToLower(name), hop-1)
		}
		for _, name := range []string{"Near", "Far"} {
			if name == "Near" && hop > maxMoveRounds {
				continue
			}
			if hop == 1 {
				r.write("src/a.go", goDecls("Stay"))
			} else {
				r.write(from(name), goDecls(fmt.Sprintf("%s%d", name, hop-1)))
			}
			r.write(fmt.Sprintf("src/hop/%s%d.go", strings.ToLower(name), hop), goDecls(fmt.Sprintf("%s%d", name, hop), name))
		}
		c := r.commit(fmt.Sprintf("2026-01-%02dT00:00:00Z", 5+hop), "Bo Chen", fmt.Sprintf("hop %d", hop))
		if hop == 1 {
			hop1 = c
		}
		if hop <= maxMoveRounds {
			nearBy = c
		}
	}

	refsIn := []string{"src/a.go#Foo", "src/a.go#Bar", "src/a.go#Gone", "src/a.go#Near", "src/a.go#Far"}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			doc := symbolRefsDoc(t, baseline, refsIn)
			notFoundBy := hop1 // the newest commit to a.go, as before
			if baseline == BaselineIndex {
				notFoundBy = "" // the index baseline names no commit for a missing declaration
			}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-02-01T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], []movedRef{
				{Moved, "src/c.go#Foo", second},
				{Moved, "lib/n.go#Bar", barMoved},
				{NotFound, "", notFoundBy}, // moved to b.go, then deleted there
				{Moved, fmt.Sprintf("src/hop/near%d.go#Near", maxMoveRounds), nearBy},
				{NotFound, "", notFoundBy}, // one move too many
			})
		})
	}
}
