package discover

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index"
)

// TestDiscoverPathsMatchesWholeWalk: a walk limited to some paths lists
// exactly the files (and warnings) of a whole walk at or under them, and
// reads only the folders on the way, not the rest of the tree.
func TestDiscoverPathsMatchesWholeWalk(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"a.md":                        "a",
		"top/b.md":                    "b",
		"top/c.markdown":              "c",
		"top/ignored.md":              "ignored by top/.gitignore",
		"top/.gitignore":              "ignored.md\ngone/\n",
		"top/gone/x.md":               "in an ignored folder",
		"top/deep/er/d.md":            "d",
		"top/deep/er/notes.txt":       "not markdown",
		".hidden/h.md":                "hidden folder",
		"node_modules/n.md":           "default-excluded folder",
		"drafts/wip.md":               "excluded by config",
		"ok/.dot.md":                  "hidden file",
		"ok/big.md":                   strings.Repeat("x", 200),
		"ok/bad.md":                   "nul\x00byte",
		norm.NFD.String("ok/café.md"): "NFD name on disk",
		".gitignore":                  "*.tmp.md\n",
		"ok/scratch.tmp.md":           "ignored by the root .gitignore",
	}
	for i := 0; i < 30; i++ { // folders a scoped walk must not read
		files["bulk/"+strings.Repeat("f", i%5+1)+"/"+string(rune('a'+i%26))+".md"] = "bulk"
	}
	writeTree(t, root, files)
	if err := os.Symlink("b.md", filepath.Join(root, "top", "link.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("top", filepath.Join(root, "linkdir")); err != nil {
		t.Fatal(err)
	}
	opts := Options{Root: root, Exclude: []string{"drafts"}, MaxFileSize: 100}
	whole, err := discover(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		paths []string
	}{
		{"one file", []string{"top/b.md"}},
		{"a folder", []string{"top"}},
		{"a deep folder", []string{"top/deep"}},
		{"file and its folder", []string{"top/deep/er/d.md", "top/deep", "top/deep"}},
		{"gitignored file", []string{"top/ignored.md"}},
		{"file in gitignored folder", []string{"top/gone/x.md", "top/gone"}},
		{"root-gitignored file", []string{"ok/scratch.tmp.md"}},
		{"hidden and excluded", []string{".hidden/h.md", "node_modules", "drafts/wip.md", "ok/.dot.md"}},
		{"warned files", []string{"ok/big.md", "ok/bad.md"}},
		{"NFD name asked in NFC", []string{"ok/café.md"}},
		{"symlinks", []string{"top/link.md", "linkdir/b.md", "linkdir"}},
		{"missing", []string{"nope.md", "top/nope/x.md", "a.md/x.md"}},
		{"invalid", []string{"", "../a.md", "top/../a.md", "/a.md"}},
		{"root file", []string{"a.md"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := opts
			o.Paths = tc.paths
			w, err := discover(context.Background(), o)
			if err != nil {
				t.Fatal(err)
			}
			in := func(rel string) bool {
				for _, p := range tc.paths {
					p = norm.NFC.String(p)
					if validRel(p) && (rel == p || strings.HasPrefix(rel, p+"/")) {
						return true
					}
				}
				return false
			}
			var wantFiles, gotFiles []string
			for _, f := range whole.files {
				if in(f.Path) {
					wantFiles = append(wantFiles, f.Path+" "+f.AbsPath)
				}
			}
			for _, f := range w.files {
				gotFiles = append(gotFiles, f.Path+" "+f.AbsPath)
			}
			if !reflect.DeepEqual(gotFiles, wantFiles) {
				t.Errorf("files:\n got %q\nwant %q", gotFiles, wantFiles)
			}
			var wantWarns []index.Warning
			for _, x := range whole.warns {
				if in(x.File) {
					wantWarns = append(wantWarns, x)
				}
			}
			if !reflect.DeepEqual(w.warns, wantWarns) {
				t.Errorf("warnings:\n got %v\nwant %v", w.warns, wantWarns)
			}
			if w.dirsRead*2 > whole.dirsRead {
				t.Errorf("the scoped walk read %d folders, the whole walk %d: it should read only those on the way", w.dirsRead, whole.dirsRead)
			}
		})
	}
}
