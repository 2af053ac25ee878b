package reader

import (
	"context"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// A page name is resolved over the documents its keys can mean, and
// gives what resolving it over every document gives: file names in
// several folders (the shallowest wins), a title that is another
// document's file name, aliases, case, path suffixes, folders and "..",
// which can mean any document and are resolved over all of them.
func TestResolverForMatchesEveryDocument(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a/note.md":      "---\ntitle: Plan\n---\n# Plan\n",
		"docs/b/c/note.md":    "# Note deep\n",
		"docs/plan.md":        "---\naliases: [Roadmap, note]\n---\n# Plan file\n",
		"docs/guide/index.md": "# Guide\n",
		"docs/x/README.md":    "# X\n",
		"docs/検索.md":          "---\ntitle: 検索アルゴリズム\n---\n# 検索\n",
		"docs/other.md":       "# Other\n\n[[note]] [[Plan]]\n",
	})
	ix := indextest.Build(t, root)
	r := New(ix.DB, ix.RDB)
	every, err := store.LoadResolver(ctx, ix.DB)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key    string
		byKeys bool
	}{
		{"note", true}, {"NOTE", true}, {"Plan", true}, {"plan", true}, {"plan.md", true}, {"roadmap", true},
		{"c/note", true}, {"b/c/note.md", true}, {"a/note", true}, {"検索", true}, {"検索アルゴリズム", true},
		{"Note deep", true}, {"nothing here", true},
		{"Design/Plan", true}, {"design/plan", true}, {"v1.0", true}, {"guide/", false}, {"x/", false}, {"..", false},
	} {
		res, byKeys, err := r.resolverFor(ctx, tc.key)
		if err != nil {
			t.Fatalf("%q: %v", tc.key, err)
		}
		if byKeys != tc.byKeys {
			t.Errorf("%q: resolved over the documents of its keys: %v, want %v", tc.key, byKeys, tc.byKeys)
		}
		got, want := res.Resolve("", tc.key), every.Resolve("", tc.key)
		if got.Resolved != want.Resolved || got.ID != want.ID || got.Ambiguous != want.Ambiguous {
			t.Errorf("%q: %+v over its keys' documents, %+v over every document", tc.key, got, want)
		}
	}
	// Until the keys are complete, every document is read.
	if _, err := ix.DB.Exec(`DELETE FROM meta WHERE key = ?`, store.MetaDocumentKeys); err != nil {
		t.Fatal(err)
	}
	if _, byKeys, err := r.resolverFor(ctx, "note"); err != nil || byKeys {
		t.Errorf("without complete keys: by keys %v, %v; want every document", byKeys, err)
	}
}
