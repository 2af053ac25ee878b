package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWatchFollowsSymlinkTargets: a Markdown symlink in the docs folder is
// read again when the file it leads to is edited, deleted or written
// back, as ubp index reads it. The watcher re-indexed only the target's
// own path, so the symlink's page kept the old text after an edit, and
// once its target had gone and come back it stayed out of the index.
func TestWatchFollowsSymlinkTargets(t *testing.T) {
	e, docs := coreFixture(t)
	coreWriteFiles(t, docs, map[string]string{"shared/target.md": "# Target\n\nfirstword\n"})
	if err := os.Symlink(filepath.Join("shared", "target.md"), filepath.Join(docs, "alias.md")); err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	watchInBackground(t, e)
	waitUntilWatching(t, e, docs)
	found := func(word string) []string {
		t.Helper()
		res, err := e.FulltextSearch(context.Background(), FulltextOptions{Query: word})
		if err != nil {
			t.Fatalf("search %s: %v", word, err)
		}
		var paths []string
		for _, r := range res.Results {
			paths = append(paths, r.Filepath)
		}
		slices.Sort(paths)
		return paths
	}
	both := []string{"alias.md", "shared/target.md"}
	if got := found("firstword"); !slices.Equal(got, both) {
		t.Fatalf("before the watch: firstword in %v, want %v", got, both)
	}
	coreWriteFiles(t, docs, map[string]string{"shared/target.md": "# Target\n\nsecondword\n"})
	coreEventually(t, "alias.md holds its target's new text", func() bool {
		return slices.Equal(found("secondword"), both) && len(found("firstword")) == 0
	})
	if err := os.Remove(filepath.Join(docs, "shared", "target.md")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "alias.md leaves with its target", func() bool { return len(found("secondword")) == 0 && !hasPage(t, e, "alias.md") })
	coreWriteFiles(t, docs, map[string]string{"shared/target.md": "# Target\n\nthirdword\n"})
	coreEventually(t, "alias.md is back with its target", func() bool { return slices.Equal(found("thirdword"), both) })
}

// TestWatchNamesAFolderSymlinkLeadingOutside: a symlinked folder leading
// outside the docs folder, made while watching, is named in the skipped
// files (with where it leads), as ubp index names it; the watcher took
// only folders and Markdown names from its events, so the link changed
// nothing and said nothing.
func TestWatchNamesAFolderSymlinkLeadingOutside(t *testing.T) {
	e, docs := coreFixture(t)
	outside := filepath.Join(filepath.Dir(docs), "outside")
	coreWriteFiles(t, outside, map[string]string{"o.md": "# Outside\n"})
	coreIndex(t, e, false)
	watchInBackground(t, e)
	waitUntilWatching(t, e, docs)
	if err := os.Symlink(outside, filepath.Join(docs, "linked")); err != nil {
		t.Fatal(err)
	}
	coreEventually(t, "the link named among the skipped files", func() bool {
		st, err := e.Status(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range st.Skipped {
			if w.File == "linked" && strings.HasPrefix(w.Message, "skipped folder: symlink to a folder outside the docs folder") {
				return true
			}
		}
		return false
	})
}
