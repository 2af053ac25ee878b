package stale

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// TestReadDeclParsesAFileOncePerCommit: within one check (one catFile) a
// Go file is parsed once a commit, however many declarations are read
// from it: a second read allocates next to nothing, where each read
// parsed the whole file again; and what it returns is declText's answer
// for every declaration, CRLF line ends made LF, a missing file or
// declaration not found.
func TestReadDeclParsesAFileOncePerCommit(t *testing.T) {
	const n = 40
	var src strings.Builder
	src.WriteString("package src\r\n")
	for i := range n {
		fmt.Fprintf(&src, "\r\n// Func%d does things.\r\nfunc Func%d() int {\r\n\treturn %d\r\n}\r\n", i, i, i)
	}
	src.WriteString("\r\nfunc init() {}\r\n\r\nfunc init() { _ = 1 }\r\n")
	r := newTestRepo(t)
	r.write("src/a.go", src.String())
	hash := r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	cat := testCatFile(t, r.dir)

	for i := range n + 2 {
		symbol := fmt.Sprintf("Func%d", i)
		if i == n+1 {
			symbol = "init"
		}
		want, wantFound, _ := declText("src/a.go", []byte(src.String()), symbol)
		got, found, err := readDecl(cat, hash, "src/a.go", symbol)
		if err != nil || found != wantFound || !bytes.Equal(got, want) || bytes.Contains(got, []byte("\r")) {
			t.Errorf("%s: got %q, %v, %v; want %q, %v", symbol, got, found, err, want, wantFound)
		}
	}
	if _, found, err := readDecl(cat, hash, "src/none.go", "Func1"); err != nil || found {
		t.Errorf("missing file: found %v, %v", found, err)
	}
	allocs := testing.AllocsPerRun(50, func() {
		if _, found, err := readDecl(cat, hash, "src/a.go", "Func7"); err != nil || !found {
			t.Fatalf("Func7: found %v, %v", found, err)
		}
	})
	// The revision's key, and the lookup: a parse of the file is hundreds.
	if allocs > 2 {
		t.Errorf("a read of a file already read at that commit allocated %.0f times: parsed again", allocs)
	}
}

// TestReadDeclParsesAFileOnceWhateverTheRevisionSpelling: a Go file read
// at one commit is parsed once however the commit is written: by its
// hash, as the parent of its child (child^, as symbolDestination asks),
// or as HEAD (as declOnDisk asks outside the project); each new spelling
// costs a read through git cat-file, not a parse. The cache was keyed by
// the revision as written, so each spelling parsed the file again.
func TestReadDeclParsesAFileOnceWhateverTheRevisionSpelling(t *testing.T) {
	const n = 40
	r := newTestRepo(t)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("Func%d", i)
	}
	r.write("src/a.go", goDecls(names...))
	parent := r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("README.md", "# R\n")
	child := r.commit("2026-01-02T00:00:00Z", "Ana Lima", "readme")
	cat := testCatFile(t, r.dir)
	if _, found, err := readDecl(cat, parent, "src/a.go", "Func1"); err != nil || !found {
		t.Fatalf("Func1 at %s: found %v, %v", parent, found, err)
	}
	// The same commit, spelled otherwise: the first one AllocsPerRun's
	// warm-up, the others measured, each read through cat-file once.
	spellings := []string{child + "^", child + "~1", child + "^1", "HEAD^", "HEAD~1", "HEAD^1", parent[:12], "HEAD~1^0"}
	k := 0
	allocs := testing.AllocsPerRun(len(spellings)-1, func() {
		rev := spellings[k]
		k++
		text, found, err := readDecl(cat, rev, "src/a.go", "Func7")
		if err != nil || !found || !bytes.Contains(text, []byte("func Func7()")) {
			t.Fatalf("Func7 at %s: %q, %v, %v", rev, text, found, err)
		}
	})
	// A cat-file read is a handful of allocations; a parse of the file
	// is hundreds.
	if allocs > 40 {
		t.Errorf("a read of a file already parsed at that commit, the commit spelled otherwise, allocated %.0f times: parsed again", allocs)
	}
	// The file at HEAD (the child) is the same file too: no parse either.
	k = 0
	spellings = []string{"HEAD", child}
	if allocs := testing.AllocsPerRun(1, func() {
		_, _, _ = readDecl(cat, spellings[k], "src/a.go", "Func7")
		k++
	}); allocs > 40 {
		t.Errorf("the unchanged file at HEAD and at its hash allocated %.0f times: parsed again", allocs)
	}
}

// testCatFile starts the git cat-file reader of the repository at dir,
// closed when the test ends.
func testCatFile(t *testing.T, dir string) *catFile {
	t.Helper()
	g, err := openGit(t.Context(), dir, "")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := startCatFile(t.Context(), g)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cat.close)
	return cat
}
