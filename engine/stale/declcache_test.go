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
	g, err := openGit(t.Context(), r.dir, "")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := startCatFile(t.Context(), g)
	if err != nil {
		t.Fatal(err)
	}
	defer cat.close()

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
