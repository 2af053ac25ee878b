package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestNamesNotUTF8AreSkippedEverywhere: files whose names are not valid
// UTF-8 (two differing only in such a byte) are not indexed: status counts
// them as skipped files and names them escaped, list-pages and search never
// show them (they showed both as one path, a\ufffd.md, by which only one
// could be read), and get-page by the name on disk or the escaped one says
// why; a folder so named is counted as a skipped folder.
func TestNamesNotUTF8AreSkippedEverywhere(t *testing.T) {
	e := searchProject(t, map[string]string{
		"ok.md":      "# OK\n\nshared words here\n",
		"a\xff.md":   "# A\n\nshared words here\n",
		"a\xfe.md":   "# B\n\nshared words here\n",
		"d\xff/x.md": "# X\n\nshared words here\n",
	}, "none")
	ctx := context.Background()
	s, err := e.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, w := range s.Skipped {
		named = append(named, w.File)
	}
	if want := []string{`a\xfe.md`, `a\xff.md`, `d\xff`}; !slices.Equal(named, want) || s.SkippedFiles != 2 || s.SkippedFolders != 1 {
		t.Errorf("status: skipped files %d, folders %d, listed %q; want 2 files, 1 folder, %q", s.SkippedFiles, s.SkippedFolders, named, want)
	}
	pages, err := e.ListPages(ctx, ListPagesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, p := range pages.Pages {
		paths = append(paths, p.Filepath)
	}
	if !slices.Equal(paths, []string{"ok.md"}) {
		t.Errorf("list-pages: %q, want only ok.md", paths)
	}
	res, err := e.Search(ctx, SearchOptions{Query: "shared words"})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range res.Results {
		if h.Filepath != "ok.md" || !utf8.ValidString(h.Filepath) {
			t.Errorf("search found %q", h.Filepath)
		}
	}
	for _, ref := range []string{"a\xff.md", `a\xff.md`, "a\xfe"} {
		_, err := e.GetPage(ctx, ref)
		var nf *NotFoundError
		if !errors.As(err, &nf) || !strings.Contains(nf.Skipped, "not valid UTF-8") || !utf8.ValidString(err.Error()) {
			t.Errorf("GetPage(%q): %v, want not found, saying the name is not UTF-8", ref, err)
		}
	}
}

// TestStatusCountsSkippedFolderApart: a symlinked folder leading outside
// the docs folder is listed by status as a skipped folder, not counted
// among the skipped files (it was, as "1 file").
func TestStatusCountsSkippedFolderApart(t *testing.T) {
	e := searchProject(t, map[string]string{"ok.md": "# OK\n", "big.md": "# Big\n\n" + strings.Repeat("x", 6<<20)}, "none")
	outside := t.TempDir()
	if err := os.Symlink(outside, filepath.Join(e.Project().DocsDir(), "linked")); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	s, err := e.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if s.SkippedFiles != 1 || s.SkippedFolders != 1 || len(s.Skipped) != 2 {
		t.Errorf("skipped files %d, folders %d, listed %v; want 1 file (big.md), 1 folder (linked)", s.SkippedFiles, s.SkippedFolders, s.Skipped)
	}
}
