package discover

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index"
)

// writeTree creates files (path → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func discoverPaths(t *testing.T, opts Options) ([]string, []index.Warning) {
	t.Helper()
	files, warns, err := List(context.Background(), opts)
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.Path
		if !filepath.IsAbs(f.AbsPath) {
			t.Errorf("%s: AbsPath %q is not absolute", f.Path, f.AbsPath)
		}
		st, err := os.Stat(f.AbsPath)
		if err != nil {
			t.Errorf("%s: AbsPath unreadable: %v", f.Path, err)
		} else if st.Size() != f.Size || f.ModTime.IsZero() {
			t.Errorf("%s: Size %d / ModTime %v do not match the file", f.Path, f.Size, f.ModTime)
		}
	}
	return paths, warns
}

func TestDiscoverDefaults(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a.md":                  "a",
		"b.markdown":            "b",
		"C.MD":                  "c",
		"notes.txt":             "not markdown",
		"a-b.md":                "sorts before a/",
		"a/z.md":                "z",
		"sub/deep/d.md":         "d",
		".hidden/e.md":          "hidden folder",
		".git/x.md":             "git",
		".ubp/x.md":             "ubp",
		"node_modules/p/r.md":   "npm",
		"vendor/v.md":           "vendor",
		"dist/d.md":             "dist",
		"build/b.md":            "build",
		"sub/node_modules/x.md": "nested default exclude",
		".draft.md":             "hidden file",
		"with space (1).md":     "spaces and parentheses",
	})
	if err := os.Symlink(filepath.Join(root, "sub"), filepath.Join(root, "linked-dir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "a.md"), filepath.Join(root, "linked-file.md")); err != nil {
		t.Fatal(err)
	}
	got, warns := discoverPaths(t, Options{Root: root})
	want := []string{"C.MD", "a-b.md", "a.md", "a/z.md", "b.markdown", "linked-file.md", "sub/deep/d.md", "with space (1).md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("paths =\n %q\nwant\n %q", got, want)
	}
	if len(warns) != 0 {
		t.Errorf("unexpected warnings: %v", warns)
	}
}

func TestDiscoverNFDNames(t *testing.T) {
	root := t.TempDir()
	nfdDir := norm.NFD.String("ドキュメント")
	nfdFile := norm.NFD.String("がぎぐ.md")
	if nfdFile == norm.NFC.String(nfdFile) {
		t.Fatal("test setup: NFD name equals NFC name")
	}
	writeTree(t, root, map[string]string{nfdDir + "/" + nfdFile: "# 濁点\n"})
	files, _, err := List(context.Background(), Options{Root: root, Include: []string{"ドキュメント/**"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Fatalf("found %d files, want 1", len(files))
	}
	wantPath := norm.NFC.String("ドキュメント/がぎぐ.md")
	if files[0].Path != wantPath || !norm.NFC.IsNormalString(files[0].Path) {
		t.Errorf("Path = %q (% x), want NFC %q", files[0].Path, files[0].Path, wantPath)
	}
	if _, err := os.ReadFile(files[0].AbsPath); err != nil {
		t.Errorf("AbsPath must name the file as stored on disk: %v", err)
	}
}

func TestDiscoverGitignore(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		".gitignore":           "# generated\ndrafts/\n*.tmp.md\n!keep.tmp.md\n/rootonly.md\n",
		"keep.md":              "k",
		"rootonly.md":          "ignored at root",
		"x/rootonly.md":        "kept: rule is anchored",
		"drafts/d.md":          "ignored folder",
		"x/drafts/d.md":        "ignored folder at depth",
		"a.tmp.md":             "ignored",
		"keep.tmp.md":          "re-included",
		"sub/.gitignore":       "local.md\n!important.tmp.md\n",
		"sub/local.md":         "ignored by nested",
		"sub/important.tmp.md": "re-included by nested",
		"sub/ok.md":            "kept",
		"other/local.md":       "nested rule does not apply here",
	})
	got, _ := discoverPaths(t, Options{Root: root})
	want := []string{"keep.md", "keep.tmp.md", "other/local.md", "sub/important.tmp.md", "sub/ok.md", "x/rootonly.md"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("paths =\n %q\nwant\n %q", got, want)
	}
}

func TestDiscoverIncludeExclude(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"guides/a.md":        "",
		"guides/a.ja.md":     "",
		"guides/deep/b.md":   "",
		"designs/c.md":       "",
		"drafts/wip.md":      "",
		"guides/drafts/x.md": "",
	})
	tests := []struct {
		name             string
		include, exclude []string
		want             []string
	}{
		{"all", nil, nil, []string{"designs/c.md", "drafts/wip.md", "guides/a.ja.md", "guides/a.md", "guides/deep/b.md", "guides/drafts/x.md"}},
		{"include folder by name", []string{"guides"}, nil, []string{"guides/a.ja.md", "guides/a.md", "guides/deep/b.md", "guides/drafts/x.md"}},
		{"include folder", []string{"guides/**"}, nil, []string{"guides/a.ja.md", "guides/a.md", "guides/deep/b.md", "guides/drafts/x.md"}},
		{"exclude language", nil, []string{"**/*.ja.md"}, []string{"designs/c.md", "drafts/wip.md", "guides/a.md", "guides/deep/b.md", "guides/drafts/x.md"}},
		{"exclude folder name at any depth", nil, []string{"**/drafts"}, []string{"designs/c.md", "guides/a.ja.md", "guides/a.md", "guides/deep/b.md"}},
		{"exclude top folder", nil, []string{"drafts/**"}, []string{"designs/c.md", "guides/a.ja.md", "guides/a.md", "guides/deep/b.md", "guides/drafts/x.md"}},
		{"include and exclude", []string{"guides/**", "designs/*.md"}, []string{"**/*.ja.md", "guides/deep"}, []string{"designs/c.md", "guides/a.md", "guides/drafts/x.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := discoverPaths(t, Options{Root: root, Include: tt.include, Exclude: tt.exclude})
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("paths =\n %q\nwant\n %q", got, tt.want)
			}
		})
	}
}

func TestDiscoverSkipsWithWarnings(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"ok.md":     "# fine\n日本語もOK\n",
		"big.md":    strings.Repeat("x", 200),
		"latin1.md": "caf\xe9\n",
		"nul.md":    "text\x00more",
		"exact.md":  strings.Repeat("y", 100),
	})
	got, warns := discoverPaths(t, Options{Root: root, MaxFileSize: 100})
	if want := []string{"exact.md", "ok.md"}; !reflect.DeepEqual(got, want) {
		t.Errorf("paths = %q, want %q", got, want)
	}
	wantWarn := map[string]string{
		"big.md":    "over the 100 bytes limit",
		"latin1.md": "not valid UTF-8",
		"nul.md":    "NUL byte",
	}
	if len(warns) != len(wantWarn) {
		t.Fatalf("warnings = %v, want %d", warns, len(wantWarn))
	}
	for _, w := range warns {
		sub, ok := wantWarn[w.File]
		if !ok || !strings.Contains(w.Message, sub) {
			t.Errorf("warning %s, want file in %v with %q", w, wantWarn, sub)
		}
	}
}

func TestDiscoverDefaultSizeLimit(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"huge.md": strings.Repeat("a", int(index.DefaultMaxFileSize)+1)})
	got, warns := discoverPaths(t, Options{Root: root})
	if len(got) != 0 || len(warns) != 1 || !strings.Contains(warns[0].Message, "5.0 MiB limit") {
		t.Errorf("paths %q warnings %v, want huge.md skipped over the 5 MiB default", got, warns)
	}
}

func TestDiscoverErrors(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"f.md": "x"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := List(ctx, Options{Root: root}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v, want context.Canceled", err)
	}
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"empty root", Options{}, "path is empty"},
		{"missing root", Options{Root: filepath.Join(root, "nope")}, "nope"},
		{"root is a file", Options{Root: filepath.Join(root, "f.md")}, "not a directory"},
		{"bad include", Options{Root: root, Include: []string{"a/[x"}}, `include pattern: glob pattern "a/[x"`},
		{"bad exclude", Options{Root: root, Exclude: []string{""}}, "exclude pattern"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := List(context.Background(), tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: err = %v, want it to mention %q", tt.name, err, tt.want)
			}
		})
	}
}
