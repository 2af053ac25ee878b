package stale

import "testing"

// TestRefMovedBeforeTheBaselineNamesWhereItWent: a ref moved before the
// document's baseline (its reviewed: date, a later commit of the
// document, or its uncommitted edit; under the index baseline a sync
// after the move) still names where it went, with the commit that moved
// it: the ref is broken either way, and the baseline only decides which
// changes count. A file, a folder, a file's Go declaration, and a
// declaration moved into another file; a ref deleted before the baseline,
// or moved and then deleted, stays not found. Setting reviewed: to today
// turned "moved to src/a2.go#Foo" into not_found, with no hint.
func TestRefMovedBeforeTheBaselineNamesWhereItWent(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.go", "package src\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n")
	r.write("src/b.go", "package src\n\n// Bar does bar.\nfunc Bar() int {\n\treturn 2\n}\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("pkg/x.go", "package pkg\n\nconst X = 1\n")
	r.write("pkg/y.go", "package pkg\n\nconst Y = 2\n")
	r.write("old/gone.txt", "gone\n")
	r.write("tmp/far.txt", "far away\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/a.go", "src/a2.go")
	r.move("pkg", "lib/pkg")
	r.write("src/b.go", "package src\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("src/bar.go", "package src\n\n// Bar does bar.\nfunc Bar() int {\n\treturn 2\n}\n")
	r.remove("old/gone.txt")
	r.move("tmp/far.txt", "tmp2/far.txt")
	moved := r.commit("2026-01-05T00:00:00Z", "Bo Chen", "reorganise")
	r.remove("tmp2/far.txt")
	r.commit("2026-01-06T00:00:00Z", "Bo Chen", "drop far")

	refsIn := []string{"src/a.go", "src/a.go#Foo", "pkg/", "src/b.go#Bar", "old/gone.txt", "tmp/far.txt"}
	want := []movedRef{
		{Moved, "src/a2.go", moved},
		{Moved, "src/a2.go#Foo", moved},
		{Moved, "lib/pkg/", moved},
		{Moved, "src/bar.go#Bar", moved},
		{NotFound, "", ""}, // deleted before the baseline
		{NotFound, "", ""}, // moved, then deleted, before the baseline
	}
	check := func(t *testing.T, baseline string, doc DocInput) {
		t.Helper()
		rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
		if err != nil {
			t.Fatal(err)
		}
		w := want
		if doc.Reviewed != "" {
			// The document's commit holds them: deleted, by a commit
			// before the review, as before.
			w = append(want[:4:4], movedRef{Deleted, "", ""}, movedRef{Deleted, "", ""})
		}
		assertRefs(t, rep.Documents[0], w)
	}
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(refsIn...)}

	t.Run("reviewed after the move", func(t *testing.T) {
		d := doc
		d.Reviewed = "2026-01-10"
		check(t, BaselineGit, d)
	})
	t.Run("index synced after the move", func(t *testing.T) {
		d := doc
		d.IndexedAt, d.Baselines = mustTime(t, "2026-01-10T00:00:00Z"), map[string]Fingerprint{}
		for _, ref := range refsIn {
			d.Baselines[ref] = Fingerprint{} // gone at the sync
		}
		check(t, BaselineIndex, d)
	})
	r.write("docs/d.md", "# D\n\nEdited.\n")
	t.Run("document being edited", func(t *testing.T) {
		check(t, BaselineGit, doc)
	})
	r.commit("2026-01-10T00:00:00Z", "Cy Diaz", "edit the document")
	t.Run("document edited after the move", func(t *testing.T) {
		check(t, BaselineGit, doc)
	})
}

// TestMovedFileWithoutTheDeclaration: a path.go#Symbol ref whose file was
// moved names the new file's #Symbol only when the declaration is in it
// now: a name the file never declared (a typo), or one deleted from the
// moved file since, stays as it was without the move (deleted, by the
// commit that moved the file; not found when that was before the
// baseline). It named src/new.go#Typo, a ref as broken as the old one.
func TestMovedFileWithoutTheDeclaration(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/old.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n\n// Bar goes later.\nfunc Bar() {}\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.move("src/old.go", "src/new.go")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "move")
	r.write("src/new.go", "package src\n\n// Foo does foo.\nfunc Foo() {}\n")
	r.commit("2026-01-03T00:00:00Z", "Bo Chen", "drop Bar")

	refsIn := []string{"src/old.go#Foo", "src/old.go#Typo", "src/old.go#Bar"}
	for _, tc := range []struct {
		name     string
		reviewed string
		gone     movedRef
	}{
		{"moved after the baseline", "", movedRef{Deleted, "", moved}},
		{"moved before the baseline", "2026-01-10", movedRef{Deleted, "", ""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(refsIn...), Reviewed: tc.reviewed}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], []movedRef{{Moved, "src/new.go#Foo", moved}, tc.gone, tc.gone})
		})
	}
	t.Run("index", func(t *testing.T) {
		doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(refsIn...), IndexedAt: mustTime(t, "2026-01-01T12:00:00Z"),
			Baselines: map[string]Fingerprint{"src/old.go#Foo": {Exists: true, SHA256: "x", Files: 1}, "src/old.go#Bar": {Exists: true, SHA256: "y", Files: 1}}}
		rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: BaselineIndex, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
		if err != nil {
			t.Fatal(err)
		}
		assertRefs(t, rep.Documents[0], []movedRef{{Moved, "src/new.go#Foo", moved}, {NotFound, "", ""}, {Deleted, "", moved}})
	})
}
