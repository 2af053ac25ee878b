package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStatusSaysWhatWasSkipped: status counts a symlinked folder leading
// outside the docs folder as a skipped folder and a file too large (or
// named in bytes that are not UTF-8, shown escaped) as skipped files: the
// folder was counted as "1 file".
func TestStatusSaysWhatWasSkipped(t *testing.T) {
	for _, tt := range []struct {
		name  string
		files map[string]string
		link  bool
		want  []string
	}{
		{"a folder only", nil, true, []string{"skipped:         1 folder (not indexed)\n", "  linked: skipped folder: symlink to a folder outside the docs folder"}},
		{"files and a folder", map[string]string{"big.md": strings.Repeat("x", 6<<20), "a\xff.md": "# A\n"}, true,
			[]string{"skipped:         2 files, 1 folder (not indexed)\n", "  a\\xff.md: skipped: file name is not valid UTF-8 (rename it)\n", "  big.md: skipped: file is"}},
		{"files only", map[string]string{"a\xff.md": "# A\n"}, false, []string{"skipped:         1 file (not indexed)\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			docs := filepath.Join(root, "docs")
			if err := os.MkdirAll(docs, 0o755); err != nil {
				t.Fatal(err)
			}
			files := map[string]string{"ok.md": "# OK\n"}
			for k, v := range tt.files {
				files[k] = v
			}
			for name, content := range files {
				if err := os.WriteFile(filepath.Join(docs, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.link {
				if err := os.Symlink(t.TempDir(), filepath.Join(docs, "linked")); err != nil {
					t.Fatal(err)
				}
			}
			if code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
				t.Fatalf("init: %d %s", code, stderr)
			}
			code, stdout, stderr := runCLI(t, root, "status")
			if code != 0 {
				t.Fatalf("status: %d %s", code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("status lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}
