package discover

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ubp-dev/ubp/index"
)

// TestDiscoverSkipsNamesNotUTF8: a file or folder whose name is not valid
// UTF-8 is skipped with a warning naming it escaped (a\xff.md), in a whole
// walk and in one limited to paths: such a name cannot be written in a
// JSON or MCP answer, where two files differing only in such bytes came
// out as one path (a\ufffd.md) that neither could be read by.
func TestDiscoverSkipsNamesNotUTF8(t *testing.T) {
	root := t.TempDir()
	for name, content := range map[string]string{
		"a\xff.md":          "# A\n",
		"a\xfe.md":          "# B\n",
		"ok.md":             "# OK\n",
		"d\xff/x.md":        "# X\n",
		"sub/\xe6\x97.md":   "# cut\n", // a character cut short
		"notes\xff.txt":     "not Markdown: no warning",
		".hidden\xff.md":    "hidden: no warning",
		"sub/valid-é.md":    "# É\n",
		"node_modules/x.md": "# excluded\n",
	} {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantFiles := []string{"ok.md", "sub/valid-é.md"}
	wantWarns := []index.Warning{
		{File: `a\xfe.md`, Message: "skipped: file name is not valid UTF-8 (rename it)"},
		{File: `a\xff.md`, Message: "skipped: file name is not valid UTF-8 (rename it)"},
		{File: `d\xff`, Message: "skipped folder: its name is not valid UTF-8, so no file under it is read (rename it)"},
		{File: `sub/\xe6\x97.md`, Message: "skipped: file name is not valid UTF-8 (rename it)"},
	}
	for _, tt := range []struct {
		name  string
		paths []string
	}{
		{"whole walk", nil},
		{"paths", []string{"a\xff.md", "a\xfe.md", "ok.md", "d\xff/x.md", "sub"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, statOnly := range []bool{false, true} {
				files, warns, err := List(context.Background(), Options{Root: root, Paths: tt.paths, StatOnly: statOnly})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for _, f := range files {
					got = append(got, f.Path)
				}
				if !slices.Equal(got, wantFiles) {
					t.Errorf("stat only %v: files %q, want %q", statOnly, got, wantFiles)
				}
				slices.SortFunc(warns, func(a, b index.Warning) int { return strings.Compare(a.File, b.File) })
				if !slices.Equal(warns, wantWarns) {
					t.Errorf("stat only %v: warnings\n%q\nwant\n%q", statOnly, warns, wantWarns)
				}
				for _, w := range warns {
					if !utf8.ValidString(w.String()) {
						t.Errorf("warning %q is not UTF-8", w.String())
					}
				}
			}
		})
	}
}

func TestEscapeName(t *testing.T) {
	for in, want := range map[string]string{
		"a.md":            "a.md",
		"設計.md":           "設計.md",
		"a\xff.md":        `a\xff.md`,
		"\xe8\xa8.md":     `\xe8\xa8.md`,
		"d\xff/設計\xfe.md": `d\xff/設計\xfe.md`,
	} {
		if got := EscapeName(in); got != want {
			t.Errorf("EscapeName(%q) = %q, want %q", in, got, want)
		}
	}
}
