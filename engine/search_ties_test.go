package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// TestSearchTiesFollowPaths: two pages that score the same come in file
// path order, whichever was indexed first, as in an index built from the
// same files at once.
func TestSearchTiesFollowPaths(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	e := coreProject(t, root, "docs")
	coreWriteFiles(t, docs, map[string]string{"b.md": "# Notes\n\nshared words here\n"})
	coreIndex(t, e, false)
	coreWriteFiles(t, docs, map[string]string{"a.md": "# Notes\n\nshared words here\n"})
	coreIndex(t, e, false)
	for _, fulltext := range []bool{false, true} {
		res, err := e.Search(context.Background(), SearchOptions{Query: "shared words", Limit: 2, Fulltext: fulltext})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) != 2 || res.Results[0].Filepath != "a.md" || res.Results[0].Score != res.Results[1].Score {
			t.Errorf("fulltext=%v: %+v; want a.md then b.md, tied", fulltext, res.Results)
		}
	}
}
