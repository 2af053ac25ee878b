package stale

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestRefStatterMatchesStatRefs: one RefStatter over the refs of several
// documents (shared paths, a folder, a glob, a Go symbol, a missing path, a
// rejected one) answers what StatRefs and FingerprintRef answer for each
// document alone.
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
	docs := [][]index.SourceRef{
		{{Path: "src/a.go", Line: 3}, {Path: "src/b.txt", Line: 4}},
		{{Path: "src/a.go", Symbol: "A", Line: 2}, {Path: "src/", Line: 3}, {Path: "src/a.go", Line: 9}},
		{{Path: "src/**/*.go", Line: 5}, {Path: "missing.go", Line: 6}, {Path: "../outside", Line: 7}},
		{{Path: "src/b.txt", Line: 1}, {Path: "/abs", Line: 2}, {Path: "src/a.go", Symbol: "A", Line: 8}},
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
			if ref.Path == "src/a.go" && (!fp.Exists || fp.SHA256 == "") {
				t.Errorf("doc %d ref %s#%s: not hashed: %+v", i, ref.Path, ref.Symbol, fp)
			}
		}
		for j, fp := range got {
			if exists := refs[j].Path != "missing.go" && refs[j].Path != "../outside" && refs[j].Path != "/abs"; fp.Exists != exists {
				t.Errorf("doc %d ref %s: exists %v, want %v", i, refs[j].Path, fp.Exists, exists)
			}
		}
	}
}
