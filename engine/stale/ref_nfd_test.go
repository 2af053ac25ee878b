package stale

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestRefToDecomposedFileName: a repository made on macOS can hold a code
// file whose name is decomposed (NFD: データ.go as テ and U+3099), while the
// document's frontmatter, typed in an editor, writes it composed (NFC), as
// ubp writes every document path. On macOS both name the file; the ref
// must name it on Linux too (CI), with its history, under both baselines,
// and in the other direction (a decomposed ref, a composed name) as well.
// Before, it was stale, not_found.
func TestRefToDecomposedFileName(t *testing.T) {
	composed, decomposed := "src/データ.go", norm.NFD.String("src/データ.go")
	if composed == decomposed {
		t.Fatal("the test needs a name that NFD changes")
	}
	for _, tc := range []struct{ name, onDisk, inRef string }{
		{"decomposed file, composed ref", decomposed, composed},
		{"composed file, decomposed ref", composed, decomposed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTestRepo(t)
			r.write(tc.onDisk, "package src\n\nfunc Load() {}\n")
			r.write("doc.md", "v1\n")
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			r.write(tc.onDisk, "package src\n\nfunc Load() { _ = 1 }\n")
			change := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change")

			for _, ref := range []string{tc.inRef, tc.inRef + "#Load"} {
				d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", DocInput{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs(ref)})
				if got := d.Refs[0]; got.Reason != Modified || got.Commit != change || d.Level != Stale {
					t.Errorf("ref %q: %s %s commit %q, want stale, modified in %s", ref, d.Level, got.Reason, got.Commit, change)
				}
			}
		})
	}
}
