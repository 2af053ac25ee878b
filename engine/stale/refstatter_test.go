package stale

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestRefStatterMatchesStatRefs: one RefStatter over the refs of several
// documents (shared paths, a folder, a glob, a Go symbol, a missing path, a
// rejected one) answers what StatRefs and FingerprintRef answer for each
// document alone. Refs naming several declarations of one file, a file
// with and without a declaration, a folder with and without its trailing
// '/', and two refs through a symlink leaving the root check the statter's
// memos of symlink walks and stats.
func TestRefStatterMatchesStatRefs(t *testing.T) {
	root := t.TempDir()
	for rel, content := range map[string]string{
		"src/a.go":     "package src\n\nfunc A() {}\n",
		"src/b.txt":    "b\n",
		"src/sub/c.go": "package sub\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "x.go"), []byte("package x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "src", "out")); err != nil {
		t.Fatal(err)
	}
	docs := [][]index.SourceRef{
		{{Path: "src/a.go", Line: 3}, {Path: "src/b.txt", Line: 4}},
		{{Path: "src/a.go", Symbol: "A", Line: 2}, {Path: "src/", Line: 3}, {Path: "src/a.go", Line: 9}},
		{{Path: "src/**/*.go", Line: 5}, {Path: "missing.go", Line: 6}, {Path: "../outside", Line: 7}},
		{{Path: "src/b.txt", Line: 1}, {Path: "/abs", Line: 2}, {Path: "src/a.go", Symbol: "A", Line: 8}},
		{{Path: "src/a.go", Symbol: "B", Line: 1}, {Path: "src/a.go", Symbol: "not valid", Line: 2}, {Path: "src/sub/c.go", Symbol: "Z", Line: 3},
			{Path: "src/sub/c.go", Line: 4}, {Path: "src/sub", Line: 5}, {Path: "src/sub/", Line: 6}, {Path: "src/sub#Z", Line: 7}},
		{{Path: "src/out/x.go", Line: 1}, {Path: "src/out/x.go", Symbol: "X", Line: 2}, {Path: "src/out/", Line: 3}, {Path: "src/sub/c.go", Symbol: "Y", Line: 4}},
	}
	s, err := NewRefStatter(root)
	if err != nil {
		t.Fatal(err)
	}
	for i, refs := range docs {
		got, err := s.Stat(refs)
		if err != nil {
			t.Fatalf("doc %d: Stat: %v", i, err)
		}
		want, err := StatRefs(root, refs)
		if err != nil {
			t.Fatalf("doc %d: StatRefs: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("doc %d: RefStatter %+v, StatRefs %+v", i, got, want)
		}
		for _, ref := range refs {
			fp, err := s.Fingerprint(ref)
			wantFP, wantErr := FingerprintRef(root, ref)
			if fp != wantFP || (err == nil) != (wantErr == nil) {
				t.Errorf("doc %d ref %s: Fingerprint %+v, %v; FingerprintRef %+v, %v", i, ref.Path, fp, err, wantFP, wantErr)
			}
			if ref.Path == "src/a.go" && (ref.Symbol == "" || ref.Symbol == "A") && (!fp.Exists || fp.SHA256 == "") {
				t.Errorf("doc %d ref %s#%s: not hashed: %+v", i, ref.Path, ref.Symbol, fp)
			}
		}
		for j, fp := range got {
			rejected := refs[j].Symbol == "not valid" || strings.HasPrefix(refs[j].Path, "src/out/")
			if exists := refs[j].Path != "missing.go" && refs[j].Path != "../outside" && refs[j].Path != "/abs" && refs[j].Path != "src/sub#Z" && !rejected; fp.Exists != exists {
				t.Errorf("doc %d ref %s: exists %v, want %v", i, refs[j].Path, fp.Exists, exists)
			}
		}
	}
}

// TestRefStatterInspectsEachPathOnce: over the refs of many documents
// naming declarations of a few files in nested folders, one RefStatter
// inspects (lstat) each folder and each path once, whatever the number of
// refs through it: at 10,000 documents, whose 14,051 refs name 1,498
// path-and-symbol pairs in 300 files, the folder above them all was
// inspected 1,498 times and each path#Symbol twice. The fingerprints are
// StatRefs' either way.
func TestRefStatterInspectsEachPathOnce(t *testing.T) {
	root := t.TempDir()
	var docs [][]index.SourceRef
	for _, pkg := range []string{"p0", "p1"} {
		for _, file := range []string{"a.go", "b.go"} {
			p := filepath.Join(root, "src", pkg, file)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte("package "+pkg+"\n\nfunc A() {}\n\nfunc B() {}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			rel := "src/" + pkg + "/" + file
			for range 3 { // three documents name the same refs
				docs = append(docs, []index.SourceRef{{Path: rel, Symbol: "A", Line: 1}, {Path: rel, Symbol: "B", Line: 2}, {Path: rel, Line: 3}})
			}
		}
	}
	s, err := NewRefStatter(root)
	if err != nil {
		t.Fatal(err)
	}
	inspected := map[string]int{}
	s.lstatFS = func(p string) (fs.FileInfo, error) {
		inspected[p]++
		return os.Lstat(p)
	}
	for i, refs := range docs {
		got, err := s.Stat(refs)
		if err != nil {
			t.Fatalf("doc %d: Stat: %v", i, err)
		}
		want, err := StatRefs(root, refs)
		if err != nil {
			t.Fatalf("doc %d: StatRefs: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("doc %d: RefStatter %+v, StatRefs %+v", i, got, want)
		}
	}
	if len(inspected) == 0 {
		t.Fatal("no path inspected")
	}
	for p, n := range inspected {
		if n != 1 {
			t.Errorf("%s inspected %d times, want once", p, n)
		}
	}
}

// TestRefStatterListsFoldersForHashNames: a path#Symbol is first tried as
// a file name; in a folder with no name holding '#' one listing of the
// folder answers for all its declarations, with no lstat each, and in a
// folder that has such a file the ref still names the file as written.
// Either way the statter answers what StatRefs does.
func TestRefStatterListsFoldersForHashNames(t *testing.T) {
	root := t.TempDir()
	for rel, content := range map[string]string{
		"src/plain/a.go":   "package plain\n\nfunc A() {}\n\nfunc B() {}\n",
		"src/hashed/b.go":  "package hashed\n\nfunc B() {}\n",
		"src/hashed/c#.md": "c sharp\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	refs := []index.SourceRef{
		{Path: "src/plain/a.go", Symbol: "A", Line: 1}, {Path: "src/plain/a.go", Symbol: "B", Line: 2},
		{Path: "src/plain/a.go", Symbol: "C", Line: 3}, {Path: "src/hashed/b.go", Symbol: "B", Line: 4},
		{Path: "src/hashed/c", Symbol: ".md", Line: 5}, {Path: "src/hashed/c", Symbol: "x", Line: 6},
	}
	s, err := NewRefStatter(root)
	if err != nil {
		t.Fatal(err)
	}
	var hashed []string
	s.lstatFS = func(p string) (fs.FileInfo, error) {
		if strings.Contains(filepath.Base(p), "#") {
			hashed = append(hashed, filepath.Base(p))
		}
		return os.Lstat(p)
	}
	got, err := s.Stat(refs)
	if err != nil {
		t.Fatal(err)
	}
	want, err := StatRefs(root, refs)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("RefStatter %+v, StatRefs %+v", got, want)
	}
	if !got[4].Exists || got[5].Exists {
		t.Errorf("src/hashed/c#.md exists %v, src/hashed/c#x %v; want true, false", got[4].Exists, got[5].Exists)
	}
	for _, name := range hashed {
		if strings.HasPrefix(name, "a.go#") {
			t.Errorf("%s inspected: src/plain has no name with '#'", name)
		}
	}
}
