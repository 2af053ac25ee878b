package stale

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMovedDeclarationNamesItsNewFile: a path.go#Symbol ref whose
// declaration a commit took out of its file (the file stays) and put in
// another file is moved to that file's #Symbol, by that commit, under
// either baseline, and followed when the new file moves again; a
// declaration deleted, or one whose name turns up in two files none of
// which holds its text, stays not found. It was not found, with no hint.
func TestMovedDeclarationNamesItsNewFile(t *testing.T) {
	r := newTestRepo(t)
	r.write("src/a.go", "package src\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n\n"+
		"// T is a type.\ntype T struct{}\n\n// Method does it.\nfunc (T) Method() int {\n\treturn 2\n}\n\n"+
		"// Gone goes.\nfunc Gone() {}\n\n// Amb is split.\nfunc Amb() int {\n\treturn 3\n}\n\n"+
		"// Twin has twins.\nfunc Twin() int {\n\treturn 4\n}\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("src/c.go", "package src\n\n// C is c.\nfunc C() {}\n")
	r.write("other/x.go", "package other\n\n// Twin was already here.\nfunc Twin() {}\n")
	r.write("docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("src/a.go", "package src\n\n// T is a type.\ntype T struct{}\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("src/b.go", "package src\n\n// Foo does foo.\nfunc Foo() int {\n\treturn 1\n}\n")
	r.write("src/c.go", "package src\n\n// C is c.\nfunc C() {}\n\n// Method does it.\nfunc (T) Method() int {\n\treturn 2\n}\n")
	r.write("p1/amb.go", "package p1\n\n// Amb is one half.\nfunc Amb() int {\n\treturn 30\n}\n")
	r.write("p2/amb.go", "package p2\n\n// Amb is the other half.\nfunc Amb() int {\n\treturn 31\n}\n")
	r.write("other/x.go", "package other\n\n// Twin was already here, edited.\nfunc Twin() {}\n")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "split a.go")
	r.move("src/b.go", "lib/b.go")
	again := r.commit("2026-01-03T00:00:00Z", "Cy Diaz", "move b.go")

	refsIn := []string{"src/a.go#Foo", "src/a.go#T.Method", "src/a.go#Gone", "src/a.go#Amb", "src/a.go#Twin"}
	for _, baseline := range []string{BaselineGit, BaselineIndex} {
		t.Run(baseline, func(t *testing.T) {
			doc := symbolRefsDoc(t, baseline, refsIn)
			notFoundBy := moved // the newest commit to the file, as before
			if baseline == BaselineIndex {
				notFoundBy = "" // the index baseline names no commit for a missing declaration
			}
			rep, err := Check(t.Context(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
			if err != nil {
				t.Fatal(err)
			}
			assertRefs(t, rep.Documents[0], []movedRef{
				{Moved, "lib/b.go#Foo", again},
				{Moved, "src/c.go#T.Method", moved},
				{NotFound, "", notFoundBy}, // deleted
				{NotFound, "", notFoundBy}, // two new Amb, neither its text
				{NotFound, "", notFoundBy}, // other/x.go held a Twin before
			})
		})
	}
}

// TestMovedDeclarationReadsInsideTheProjectOnly: where a declaration went
// is checked in the work tree only inside the project, never through a
// symlink leaving it; a new file outside the project (the project a
// folder of its repository) is checked at HEAD. The work tree's file was
// read wherever it was: a symlink to a file outside the project holding
// the declaration made the ref moved, and an uncommitted edit outside the
// project decided the answer.
func TestMovedDeclarationReadsInsideTheProjectOnly(t *testing.T) {
	r := newTestRepo(t)
	outside := t.TempDir()
	r.write("svc/a.go", "package svc\n\n// In moves in.\nfunc In() int {\n\treturn 1\n}\n\n// Out moves out.\nfunc Out() int {\n\treturn 2\n}\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("svc/docs/d.md", "# D\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("svc/a.go", "package svc\n\n// Stay stays.\nfunc Stay() {}\n")
	r.write("svc/b.go", "package svc\n\n// In moves in.\nfunc In() int {\n\treturn 1\n}\n")
	r.write("lib/c.go", "package lib\n\n// Out moves out.\nfunc Out() int {\n\treturn 2\n}\n")
	moved := r.commit("2026-01-02T00:00:00Z", "Bo Chen", "split a.go")
	// The work tree, uncommitted: svc/b.go a symlink to a file outside the
	// project that holds In; lib/c.go, outside the project, emptied.
	if err := os.WriteFile(filepath.Join(outside, "b.go"), []byte("package svc\n\n// In moves in.\nfunc In() int {\n\treturn 1\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(r.path("svc/b.go")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "b.go"), r.path("svc/b.go")); err != nil {
		t.Fatal(err)
	}
	r.write("lib/c.go", "package lib\n")
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs("a.go#In", "a.go#Out")}
	rep, err := Check(t.Context(), Options{Root: r.path("svc"), Baseline: BaselineGit, Now: mustTime(t, "2026-01-20T00:00:00Z"), DocsDir: "docs"}, []DocInput{doc})
	if err != nil {
		t.Fatal(err)
	}
	assertRefs(t, rep.Documents[0], []movedRef{
		{NotFound, "", moved},             // b.go leaves the project: not read
		{Moved, "../lib/c.go#Out", moved}, // outside: as at HEAD
	})
}

// symbolRefsDoc is docs/d.md holding refsIn, under baseline: with the
// index baseline, indexed on 2026-01-01 at noon with each ref then present.
func symbolRefsDoc(t *testing.T, baseline string, refsIn []string) DocInput {
	t.Helper()
	doc := DocInput{Filepath: "d.md", RepoPath: "docs/d.md", Refs: refs(refsIn...)}
	if baseline == BaselineIndex {
		doc.IndexedAt, doc.Baselines = mustTime(t, "2026-01-01T12:00:00Z"), map[string]Fingerprint{}
		for _, ref := range refsIn {
			doc.Baselines[ref] = Fingerprint{Exists: true, SHA256: "x", Files: 1}
		}
	}
	return doc
}
