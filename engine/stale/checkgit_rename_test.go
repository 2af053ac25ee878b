package stale

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestGitRenamedDocumentKeepsItsBaseline: moving a document (git mv, no
// edit) is not an update of what it says. A ref changed before the move
// and after the document's last edit still counts, whether the move is
// committed or only staged, and through a chain of moves. A move with an
// edit is an update.
func TestGitRenamedDocumentKeepsItsBaseline(t *testing.T) {
	setup := func(t *testing.T) (*testRepo, string) {
		r := newTestRepo(t)
		r.write("code.txt", "v1\n")
		r.write("docs/doc.md", "# Doc\n\nWhat code.txt does.\n")
		r.write("docs/other.md", "# Other\n")
		r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
		r.write("code.txt", "v2\n")
		c := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "change code")
		return r, c
	}
	doc := func(path string) DocInput {
		return DocInput{Filepath: path, RepoPath: path, Refs: refs("code.txt")}
	}
	check := func(t *testing.T, r *testRepo, in ...DocInput) []DocResult {
		t.Helper()
		rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, in)
		if err != nil {
			t.Fatal(err)
		}
		return rep.Documents
	}
	wantStale := func(t *testing.T, r *testRepo, path, commit string) {
		t.Helper()
		d := check(t, r, doc(path))[0]
		if d.Level != Stale || d.Refs[0].Commit != commit {
			t.Errorf("%s: got %+v, want stale at %s", path, d, commit)
		}
	}
	wantFresh := func(t *testing.T, r *testRepo, path, why string) {
		t.Helper()
		if d := check(t, r, doc(path))[0]; d.Level != Fresh {
			t.Errorf("%s: got %+v, want fresh: %s", path, d, why)
		}
	}

	t.Run("committed move", func(t *testing.T) {
		r, c := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move docs")
		wantStale(t, r, "docs/adr/doc.md", c)
	})
	t.Run("two moves", func(t *testing.T) {
		r, c := setup(t)
		r.move("docs/doc.md", "docs/doc-2.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "rename")
		r.move("docs/doc-2.md", "docs/adr/final.md")
		r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "move")
		wantStale(t, r, "docs/adr/final.md", c)
	})
	t.Run("staged move", func(t *testing.T) {
		r, c := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		wantStale(t, r, "docs/adr/doc.md", c)
	})
	t.Run("move with an edit", func(t *testing.T) {
		r, _ := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		r.write("docs/adr/doc.md", "# Doc\n\nWhat code.txt does now, v2.\n")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move and update")
		wantFresh(t, r, "docs/adr/doc.md", "the move edited the document")
	})
	t.Run("edited after the move", func(t *testing.T) {
		r, _ := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move")
		r.write("docs/adr/doc.md", "# Doc\n\nv2.\n")
		r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "update")
		wantFresh(t, r, "docs/adr/doc.md", "edited after the move")
	})
	t.Run("a new document where a moved one was", func(t *testing.T) {
		r, _ := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move")
		r.write("docs/doc.md", "# A new page\n")
		r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "new page")
		wantFresh(t, r, "docs/doc.md", "a new page, written after the change")
	})
	// A document moved from outside the docs folder, or with the docs
	// folder itself, keeps its history as `git log --follow` does: git
	// sees no move when it is asked about the new folder alone.
	inFolder := func(t *testing.T, r *testRepo, docsDir, path string) DocResult {
		t.Helper()
		rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: docsDir}, []DocInput{doc(path)})
		if err != nil {
			t.Fatal(err)
		}
		return rep.Documents[0]
	}
	for _, tc := range []struct {
		name, docsDir, path string
		moves               [][2]string // git mv from, to; committed unless staged
		staged              bool
	}{
		{name: "docs folder moved", docsDir: "handbook", path: "handbook/doc.md", moves: [][2]string{{"docs", "handbook"}}},
		{name: "docs folder move staged", docsDir: "handbook", path: "handbook/doc.md", moves: [][2]string{{"docs", "handbook"}}, staged: true},
		{name: "docs folder moved twice", docsDir: "site/docs", path: "site/docs/doc.md", moves: [][2]string{{"docs", "handbook"}, {"handbook", "site/docs"}}},
		{name: "document moved into the docs folder", docsDir: "handbook", path: "handbook/doc.md", moves: [][2]string{{"docs/doc.md", "handbook/doc.md"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, c := setup(t)
			for i, m := range tc.moves {
				r.move(m[0], m[1])
				if !tc.staged {
					r.commit(fmt.Sprintf("2026-01-%02dT00:00:00Z", 3+i), "Cy Diaz", "move "+m[0])
				}
			}
			if d := inFolder(t, r, tc.docsDir, tc.path); d.Level != Stale || d.Refs[0].Commit != c {
				t.Errorf("got %+v, want stale at %s (the change before the move)", d, c)
			}
		})
	}
	t.Run("docs folder moved, then the document edited", func(t *testing.T) {
		r, _ := setup(t)
		r.move("docs", "handbook")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move docs")
		r.write("handbook/doc.md", "# Doc\n\nv2.\n")
		r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "update")
		if d := inFolder(t, r, "handbook", "handbook/doc.md"); d.Level != Fresh {
			t.Errorf("got %+v, want fresh: edited after the move", d)
		}
	})
	// A document moved away and back (out of the docs folder, or within
	// it) keeps its history across both moves, as `git log --follow`
	// does: neither move edits what it says, so a ref changed after its
	// last edit counts whether it changed before the first move or while
	// the document was away. Until 2026-11-27 the move away counted as an
	// edit of the document's path, and a change made before it was hidden.
	for _, tc := range []struct {
		name, away string
		many       bool // past maxPathspecs: the whole history is read
	}{
		{name: "out of the docs folder", away: "notes/doc.md"},
		{name: "to the project root", away: "doc.md"},
		{name: "within the docs folder", away: "docs/old/doc.md"},
		{name: "out of the docs folder, whole history read", away: "notes/doc.md", many: true},
	} {
		in := func(r *testRepo) []DocInput {
			in := []DocInput{doc("docs/doc.md")}
			for i := range maxPathspecs {
				if tc.many {
					r.write(fmt.Sprintf("docs/n%d.md", i), "# N\n")
					in = append(in, DocInput{Filepath: fmt.Sprintf("docs/n%d.md", i), RepoPath: fmt.Sprintf("docs/n%d.md", i)})
				}
			}
			return in
		}
		t.Run("moved away and back, "+tc.name+", changed before", func(t *testing.T) {
			r, c := setup(t)
			docs := in(r)
			r.move("docs/doc.md", tc.away)
			r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move away")
			r.move(tc.away, "docs/doc.md")
			r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "move back")
			if d := check(t, r, docs...)[0]; d.Level != Stale || d.Refs[0].Commit != c || d.Refs[0].Commits != 1 {
				t.Errorf("got %+v, want stale at %s (the change before the moves), 1 commit", d, c)
			}
		})
		t.Run("moved away and back, "+tc.name+", changed while away", func(t *testing.T) {
			r := newTestRepo(t)
			r.write("code.txt", "v1\n")
			r.write("docs/doc.md", "# Doc\n\nWhat code.txt does.\n")
			r.write("docs/other.md", "# Other\n")
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
			docs := in(r)
			r.move("docs/doc.md", tc.away)
			r.commit("2026-01-02T00:00:00Z", "Cy Diaz", "move away")
			r.write("code.txt", "v2\n")
			c := r.commit("2026-01-03T00:00:00Z", "Bo Chen", "change code")
			r.move(tc.away, "docs/doc.md")
			r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "move back")
			if d := check(t, r, docs...)[0]; d.Level != Stale || d.Refs[0].Commit != c {
				t.Errorf("got %+v, want stale at %s (the change while it was away)", d, c)
			}
		})
	}
	t.Run("moved away, edited there and moved back", func(t *testing.T) {
		r, _ := setup(t)
		r.move("docs/doc.md", "notes/doc.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move away")
		r.write("notes/doc.md", "# Doc\n\nv2.\n")
		r.commit("2026-01-04T00:00:00Z", "Cy Diaz", "update")
		r.move("notes/doc.md", "docs/doc.md")
		r.commit("2026-01-05T00:00:00Z", "Cy Diaz", "move back")
		wantFresh(t, r, "docs/doc.md", "edited while away, after the change")
	})
	// Past maxPathspecs targets git reads the whole history: the same answer.
	t.Run("many documents", func(t *testing.T) {
		r, c := setup(t)
		r.move("docs/doc.md", "docs/adr/doc.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move docs")
		in := []DocInput{doc("docs/adr/doc.md")}
		for i := range maxPathspecs {
			in = append(in, DocInput{Filepath: fmt.Sprintf("docs/n%d.md", i), RepoPath: fmt.Sprintf("docs/n%d.md", i)})
		}
		if d := check(t, r, in...)[0]; d.Level != Stale || d.Refs[0].Commit != c {
			t.Errorf("got %+v, want stale at %s", d, c)
		}
	})
	// Without the docs folder, moves within the folder holding every
	// document are followed.
	t.Run("no docs folder given", func(t *testing.T) {
		r, c := setup(t)
		r.move("docs/doc.md", "docs/renamed.md")
		r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "rename")
		d, _ := checkOne(t, r.dir, "2026-01-20T00:00:00Z", doc("docs/renamed.md"))
		if d.Level != Stale || d.Refs[0].Commit != c {
			t.Errorf("got %+v, want stale at %s", d, c)
		}
	})
}

// move is git mv into a folder that may not exist yet.
func (r *testRepo) move(from, to string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Dir(r.path(to)), 0o755); err != nil {
		r.t.Fatal(err)
	}
	r.git("mv", from, to)
}
