package engine

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docbody"
)

// TestFrontmatterNamesFindThePage checks that the words a frontmatter
// names its page by (a title its H1 does not repeat, a title before a
// first H2, aliases, tags) find the page in full text and in the default
// search, while the page's body reads as the file has it.
func TestFrontmatterNamesFindThePage(t *testing.T) {
	files := map[string]string{
		// Docusaurus-like: the title only in the frontmatter, no opening text.
		"webhooks.md": "---\ntitle: Webhook retry budget\n---\n## Overview\n\nDeliveries are attempted again with backoff.\n",
		// A title other than the H1.
		"tokens.md": "---\ntitle: Token rotation policy\n---\n# Credentials\n\nKeys are replaced every ninety days.\n",
		// Aliases and tags, the title repeated by the H1.
		"guide.md": "---\ntitle: Operations guide\naliases: [quokka handbook]\ntags: [runbook]\n---\n# Operations guide\n\nWhat to do when the pager rings.\n",
		"other.md": "# Other\n\nNothing about any of that.\n",
	}
	e := searchProject(t, files, "none")
	for _, tc := range []struct{ query, want string }{
		{"retry budget", "webhooks.md"},
		{"rotation policy", "tokens.md"},
		{"quokka handbook", "guide.md"},
		{"runbook", "guide.md"},
	} {
		if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: tc.query})); len(got) == 0 || got[0] != tc.want {
			t.Errorf("fulltext %q: %v, want %s first", tc.query, got, tc.want)
		}
		res := mustSearch(t, e, SearchOptions{Query: tc.query})
		if len(res.Results) == 0 || res.Results[0].Filepath != tc.want {
			t.Errorf("search %q: %+v, want %s first", tc.query, res.Results, tc.want)
		}
	}
	// The bodies are rebuilt from their skeletons, without the YAML.
	ctx := context.Background()
	for path, src := range files {
		p, err := e.GetPage(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if want := src[len(src)-len(p.Content):]; p.Content != want || (path != "other.md" && len(p.Content) >= len(src)) {
			t.Errorf("%s: content %q, want the body of %q", path, p.Content, src)
		}
	}
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE body_kind = ?`, docbody.KindSkeleton); n != len(files) {
		t.Errorf("%d bodies stored as skeletons, want %d", n, len(files))
	}
}
