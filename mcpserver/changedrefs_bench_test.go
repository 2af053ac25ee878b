package mcpserver

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// BenchmarkSearchStaleBigPages measures ubp_search's answer (the
// engine's search, then section excerpts and changed_refs) when every
// result is stale and every page is large: 10 results of 40 pages of
// 2,000 lines (about 130 KB each), each with a source ref that is gone.
func BenchmarkSearchStaleBigPages(b *testing.B) {
	root := b.TempDir()
	files := map[string]string{}
	body := strings.Repeat("A line of the page that says nothing in particular, long enough.\n", 2000)
	for i := range 40 {
		files[fmt.Sprintf("docs/page-%02d.md", i)] = fmt.Sprintf(
			"---\ntitle: Page %d\nsource_refs:\n  - gone-%d.txt\n---\n# Page %d\n\nThe watcher of page %d.\n\n## Rest\n\n%s", i, i, i, i, body)
	}
	fixture.WriteFiles(b, root, files)
	e := openIndexed(b, root, "docs")
	ctx := context.Background()
	opts := engine.SearchOptions{Query: "watcher", Fulltext: true, Limit: 10}
	b.ResetTimer()
	for range b.N {
		r, err := e.Search(ctx, opts)
		if err != nil || len(r.Results) != 10 {
			b.Fatalf("search: %d results, %v", len(r.Results), err)
		}
		out, err := withSectionContent(ctx, e, r)
		if err != nil {
			b.Fatal(err)
		}
		if len(out.Results[0].ChangedRefs) != 1 {
			b.Fatalf("changed_refs %+v", out.Results[0].ChangedRefs)
		}
	}
}
