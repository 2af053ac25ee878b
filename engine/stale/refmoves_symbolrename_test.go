package stale

import (
	"testing"
)

// TestMovedDeclarationFollowsItsFilesRenames: a declaration moved into a
// file is followed on out of it whatever that file was called when it
// left (git mv of the file before the declaration left it, after, or in
// the same commit, or twice before): moved_to names the file holding it
// now and the commit is the last move's, under either baseline. Only
// renames made while the declaration was still in the file were
// followed: the file's commits were read under its newest name only, so
// a declaration that left it before it was renamed, or in the commit
// renaming it, stayed not_found.
func TestMovedDeclarationFollowsItsFilesRenames(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.go", goDecls("Before", "After", "Same", "Twice", "Stay"))
	r.write("src/d.go", goDecls("D"))
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", goDecls("Stay"))
	r.write("src/b.go", goDecls("B1", "B2", "B3", "Before"))
	r.write("src/e.go", goDecls("E1", "E2", "E3", "After"))
	r.write("src/h.go", goDecls("H1", "H2", "H3", "Same"))
	r.write("src/m.go", goDecls("M1", "M2", "M3", "Twice"))
	r.commit("2026-01-02T00:00:00Z", "Bo Chen", "split a.go")
	// Before: b.go renamed to c.go, then Before out of c.go.
	r.move("src/b.go", "src/c.go")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "rename b.go")
	r.write("src/c.go", goDecls("B1", "B2", "B3"))
	r.write("src/before.go", goDecls("Before"))
	before := r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "Before out of c.go")
	// After: After out of e.go, then e.go renamed to g.go.
	r.write("src/e.go", goDecls("E1", "E2", "E3"))
	r.write("src/after.go", goDecls("After"))
	after := r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "After out of e.go")
	r.move("src/e.go", "src/g.go")
	r.commit("2026-01-06T00:00:00Z", "Cy Diaz", "rename e.go")
	// Same: h.go renamed to i.go, Same taken out of it, in one commit.
	r.move("src/h.go", "src/i.go")
	r.write("src/i.go", goDecls("H1", "H2", "H3"))
	r.write("src/same.go", goDecls("Same"))
	same := r.commit("2026-01-07T00:00:00Z", "Cy Diaz", "rename h.go, Same out of it")
	// Twice: m.go renamed to n.go, then to o.go, then Twice out of o.go.
	r.move("src/m.go", "src/n.go")
	r.commit("2026-01-08T00:00:00Z", "Cy Diaz", "rename m.go")
	r.move("src/n.go", "lib/o.go")
	r.commit("2026-01-09T00:00:00Z", "Cy Diaz", "rename n.go")
	r.write("lib/o.go", goDecls("M1", "M2", "M3"))
	r.write("src/d.go", goDecls("D", "Twice"))
	twice := r.commit("2026-01-10T00:00:00Z", "Cy Diaz", "Twice out of o.go into d.go")

	refsIn := []string{"src/a.go#Before", "src/a.go#After", "src/a.go#Same", "src/a.go#Twice"}
	checkBothBaselines(t, r, refsIn, func(t *testing.T, doc DocResult, _ func(string) string) {
		assertRefs(t, doc, []movedRef{
			{Moved, "src/before.go#Before", before},
			{Moved, "src/after.go#After", after},
			{Moved, "src/same.go#Same", same},
			{Moved, "src/d.go#Twice", twice},
		})
	})
}
