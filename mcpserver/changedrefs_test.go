package mcpserver

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestChangedRefsOfTheResultItself: a stale result lists its own changed
// source_refs, even when its filepath, read as a page name, names another
// page: docs/guide.md in the docs folder docs is also "guide.md as written
// from the project root". changed_refs came from a page lookup by that
// name, which found the fresh guide.md and listed nothing.
func TestChangedRefsOfTheResultItself(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/guide.md":      "# Top guide\n\nThe watcher guide, fresh.\n",
		"docs/docs/guide.md": "---\ntitle: Nested guide\nsource_refs:\n  - missing.txt\n---\n# Nested guide\n\nThe watcher guide, stale.\n",
	})
	e := openIndexed(t, root, "docs")
	ctx := context.Background()
	r, err := e.Search(ctx, engine.SearchOptions{Query: "watcher guide", Fulltext: true})
	if err != nil {
		t.Fatal(err)
	}
	out, err := withSectionContent(ctx, e, r)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range out.Results {
		if h.Filepath != "docs/guide.md" {
			continue
		}
		found = true
		if h.Staleness != "stale" || len(h.ChangedRefs) != 1 || h.ChangedRefs[0].Ref != "missing.txt" || h.ChangedRefs[0].Reason != "not_found" {
			t.Errorf("docs/guide.md: staleness %s, changed_refs %+v; want stale with missing.txt not_found", h.Staleness, h.ChangedRefs)
		}
	}
	if !found {
		t.Fatalf("docs/guide.md not among the results %+v", out.Results)
	}
}
