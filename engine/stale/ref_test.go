package stale

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

func TestCheckPath(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	mk := func(rel string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, name string) {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
	}
	mk("src/a.go")
	mk("docs/x.md")
	link(outside, "out")                                      // a folder outside
	link(filepath.Join(outside, "missing.txt"), "dangling")   // dangling, outside
	link("../"+filepath.Base(outside), "rel-out")             // relative, escapes
	link("src", "src-link")                                   // inside: fine
	link(filepath.Join(root, "src", "a.go"), "abs-inside.go") // absolute but inside
	link("loop2", "loop1")
	link("loop1", "loop2")

	tests := []struct {
		path, symbol string
		wantErr      string // "" accepted; else a substring of the rejection
	}{
		{"src/a.go", "", ""},
		{"src/", "", ""},
		{"src", "", ""},
		{".", "", ""},
		{"./src/../src/a.go", "", ""},
		{"missing/file.go", "", ""},
		{"src/**/*.go", "", ""},
		{"**/*.md", "", ""},
		{"src/a.go", "Alpha", ""},
		{"src/a.go", "T.Method", ""},
		{"src-link/a.go", "", ""},
		{"abs-inside.go", "", ""},
		{"", "", "empty"},
		{"/etc/passwd", "", "absolute"},
		{`\windows\x`, "", "absolute"},
		{"C:/x", "", "absolute"},
		{"..", "", "escapes"},
		{"../x", "", "escapes"},
		{"src/../../x", "", "escapes"},
		{"src/../..", "", "escapes"},
		{"**/../../x", "", "escapes"},
		{"out/secret.txt", "", "symlink"},
		{"out", "", "symlink"},
		{"out/**/*.txt", "", "symlink"},
		{"dangling", "", "symlink"},
		{"rel-out/x", "", "symlink"},
		{"src/[a-", "", "malformed"},
		{"src/a.txt", "Alpha", "single .go file"},
		{"src/*.go", "Alpha", "single .go file"},
		{"src/", "Alpha", "single .go file"},
		{"src/a.go", "a.b.c", "not a Go declaration"},
		{"src/a.go", "1x", "not a Go declaration"},
		{"src/a.go", "T.", "not a Go declaration"},
		// Line numbers (GitHub's #L3-L4, an editor's a.go:3) are refused
		// with what to write instead, not read as a Go name or a path.
		{"src/a.go", "L3-L4", "source_refs take no line numbers: write src/a.go, or src/a.go#Name for a Go declaration"},
		{"src/a.go", "L3-4", "take no line numbers"},
		{"docs/x.md", "L12", "take no line numbers: write docs/x.md,"},
		{"src/a.go", "L3", ""}, // may be a Go declaration named L3
		{"src/a.go:3", "", "source_refs take no line numbers: write src/a.go, or src/a.go#Name for a Go declaration"},
		{"src/a.go:3-4", "", "take no line numbers"},
		{"src/a.go:3:7", "", "take no line numbers"},
		{"missing.go:3", "", ""}, // no file either way: not found
	}
	for _, tt := range tests {
		t.Run(tt.path+"#"+tt.symbol, func(t *testing.T) {
			ref := index.SourceRef{Path: tt.path, Symbol: tt.symbol, Line: 3}
			err := CheckPath(root, ref)
			if tt.wantErr == "" {
				if err != nil {
					t.Errorf("%s: rejected: %v", ref, err)
				}
				return
			}
			var rej *RejectedError
			if !errors.As(err, &rej) || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("%s: got %v, want a rejection mentioning %q", ref, err, tt.wantErr)
			}
		})
	}
	// A symlink loop is an error, not a hang.
	if err := CheckPath(root, index.SourceRef{Path: "loop1/x"}); err == nil || !strings.Contains(err.Error(), "too many levels") {
		t.Errorf("symlink loop: %v", err)
	}
	if err := CheckPath(filepath.Join(root, "no-such-root"), index.SourceRef{Path: "a"}); err == nil {
		t.Error("a missing root was accepted")
	}
}

// TestFingerprintNeverReadsRejected: FingerprintRef refuses the same refs
// and reads nothing outside.
func TestFingerprintNeverReadsRejected(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "f.txt"), []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "f.txt"), filepath.Join(root, "f.txt")); err != nil {
		t.Fatal(err)
	}
	fp, err := FingerprintRef(root, index.SourceRef{Path: "f.txt"})
	var rej *RejectedError
	if !errors.As(err, &rej) || fp.SHA256 != "" {
		t.Errorf("got %+v, %v", fp, err)
	}
}

// FuzzCheckPath: whatever the path, an accepted ref resolves inside the
// root, and nothing panics.
func FuzzCheckPath(f *testing.F) {
	for _, s := range []string{"src/a.go", "../x", "out/x", "a/../../b", "**/*.go", "link/../..", "./.", "C:/x", "src/[a-"} {
		f.Add(s, "")
	}
	f.Add("src/a.go", "T.M")
	root := f.TempDir()
	outside := f.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "out")); err != nil {
		f.Fatal(err)
	}
	if err := os.Symlink("src/../..", filepath.Join(root, "link")); err != nil {
		f.Fatal(err)
	}
	rootReal, err := realRoot(root)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p, sym string) {
		r, err := resolveRef(rootReal, index.SourceRef{Path: p, Symbol: sym, Line: 1})
		if err != nil {
			return
		}
		rel, rerr := filepath.Rel(rootReal, r.real)
		if rerr != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			t.Fatalf("%q resolved outside the root: %s", p, r.real)
		}
	})
}
