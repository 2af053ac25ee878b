package discover

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestDiscoverSymlinks: a Markdown symlink is read only when its real path
// is inside the docs folder; one leading outside, a broken one and a loop
// are skipped with a warning naming the link. A symlinked folder is never
// followed; one leading outside the docs folder is named with where it
// leads, as a file leading there is (it was skipped without a word), one
// leading inside is not (its files are read where they are), nor one a
// rule leaves out anyway (hidden, excluded, never-indexed names).
func TestDiscoverSymlinks(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "docs")
	writeTree(t, base, map[string]string{
		"secret.md":         "# outside the docs folder\n",
		"other/secret.md":   "# outside too\n",
		"docs/a.md":         "# a\n",
		"docs/sub/b.md":     "# b\n",
		"docs/notes.txt.md": "# c\n",
	})
	symlink(t, "a.md", filepath.Join(root, "inside.md")) // relative, inside
	symlink(t, filepath.Join(root, "sub", "b.md"), filepath.Join(root, "abs-inside.md"))
	symlink(t, "../docs/a.md", filepath.Join(root, "up-and-back.md")) // leaves and re-enters
	symlink(t, "../secret.md", filepath.Join(root, "outside.md"))     // relative, outside
	symlink(t, filepath.Join(base, "other", "secret.md"), filepath.Join(root, "sub", "abs-outside.md"))
	symlink(t, "outside.md", filepath.Join(root, "chain.md"))   // inside link to an outside link
	symlink(t, "/etc/passwd", filepath.Join(root, "passwd.md")) // system file
	symlink(t, "missing.md", filepath.Join(root, "broken.md"))  // broken
	symlink(t, "loop-b.md", filepath.Join(root, "loop-a.md"))   // loop
	symlink(t, "loop-a.md", filepath.Join(root, "loop-b.md"))
	symlink(t, "missing.txt", filepath.Join(root, "broken.txt"))                  // not Markdown: silent
	symlink(t, filepath.Join(base, "other"), filepath.Join(root, "linked-dir"))   // folder outside: never followed, named
	symlink(t, "../../other", filepath.Join(root, "sub", "rel-dir"))              // relative, outside too
	symlink(t, "sub", filepath.Join(root, "inside-dir"))                          // folder inside: silent
	symlink(t, filepath.Join(base, "other"), filepath.Join(root, ".hidden-dir"))  // hidden: silent
	symlink(t, filepath.Join(base, "other"), filepath.Join(root, "node_modules")) // never indexed: silent
	symlink(t, filepath.Join(base, "other"), filepath.Join(root, "excluded-dir")) // excluded: silent

	files, warns := discoverPaths(t, Options{Root: root, Exclude: []string{"excluded-dir"}})
	want := []string{"a.md", "abs-inside.md", "inside.md", "notes.txt.md", "sub/b.md", "up-and-back.md"}
	if !reflect.DeepEqual(files, want) {
		t.Errorf("paths =\n %q\nwant\n %q", files, want)
	}
	wantWarn := map[string]string{
		"outside.md":         "outside the docs folder",
		"sub/abs-outside.md": "outside the docs folder",
		"chain.md":           "outside the docs folder",
		"passwd.md":          "outside the docs folder",
		"broken.md":          "broken symlink",
		"loop-a.md":          "symlink loop",
		"loop-b.md":          "symlink loop",
		"linked-dir":         "skipped folder: symlink to a folder outside the docs folder (to " + filepath.Join(base, "other") + ")",
		"sub/rel-dir":        "skipped folder: symlink to a folder outside the docs folder (to " + filepath.Join(base, "other") + ")",
	}
	got := map[string]string{}
	for _, w := range warns {
		got[w.File] = w.Message
	}
	for file, frag := range wantWarn {
		t.Run(file, func(t *testing.T) {
			if !strings.Contains(got[file], frag) {
				t.Errorf("warning for %s = %q, want one saying %q", file, got[file], frag)
			}
		})
	}
	if len(warns) != len(wantWarn) {
		t.Errorf("warnings = %v, want %d", warns, len(wantWarn))
	}
}

// TestDiscoverSymlinkedRoot: the docs folder may itself be reached through
// a symlink; links inside it that stay inside its real path are read.
func TestDiscoverSymlinkedRoot(t *testing.T) {
	base := t.TempDir()
	writeTree(t, base, map[string]string{"real/a.md": "# a\n", "secret.md": "# s\n"})
	symlink(t, filepath.Join(base, "real"), filepath.Join(base, "docs"))
	symlink(t, filepath.Join(base, "real", "a.md"), filepath.Join(base, "real", "via-real.md"))
	symlink(t, filepath.Join(base, "docs", "a.md"), filepath.Join(base, "real", "via-link.md"))
	symlink(t, "../secret.md", filepath.Join(base, "real", "out.md"))
	files, warns := discoverPaths(t, Options{Root: filepath.Join(base, "docs")})
	if want := []string{"a.md", "via-link.md", "via-real.md"}; !reflect.DeepEqual(files, want) {
		t.Errorf("paths = %q, want %q", files, want)
	}
	if len(warns) != 1 || warns[0].File != "out.md" {
		t.Errorf("warnings = %v, want one for out.md", warns)
	}
}
