package graph

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// corpusDocs lists the Markdown files under a repository corpus folder
// (testdata/corpora/<parts[0]>/<parts[1:]...>) as DocRefs with ids in path
// order, and returns a path→id map.
func corpusDocs(t *testing.T, parts ...string) ([]DocRef, map[string]int64) {
	t.Helper()
	root := filepath.Join(append([]string{fixture.MustCorpus(t, parts[0])}, parts[1:]...)...)
	var docs []DocRef
	ids := map[string]int64{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		id := int64(len(docs) + 1)
		docs = append(docs, DocRef{ID: id, Path: rel})
		ids[rel] = id
		return nil
	})
	if err != nil {
		t.Fatalf("walk %s: %v", root, err)
	}
	return docs, ids
}

// TestResolveCorpora resolves links written in the repository corpora (as the
// parser hands them over: heading and |type removed) against their files.
func TestResolveCorpora(t *testing.T) {
	tests := []struct {
		corpus       []string
		from, target string
		wantPath     string
		rule         string
	}{
		{[]string{"taskflow-docs"}, "adrs/001-database-choice.md", "designs/database", "designs/database.md", RulePath},
		{[]string{"taskflow-docs"}, "designs/database.md", "api/rest-endpoints", "api/rest-endpoints.md", RulePath},
		{[]string{"taskflow-docs"}, "README.md", "specs/performance-requirements", "specs/performance-requirements.md", RulePath},
		{[]string{"taskflow-docs"}, "designs/database.md", "authentication", "designs/authentication.md", RuleRelative},
		{[]string{"taskflow-docs"}, "adrs/002-auth-strategy.md", "authentication", "designs/authentication.md", RuleFilename},
		{[]string{"unified-blueprint-docs", "docs"}, "designs/README.md", "./architecture.md", "designs/architecture.md", RuleRelative},
		{[]string{"unified-blueprint-docs", "docs"}, "designs/README.ja.md", "./architecture.ja.md", "designs/architecture.ja.md", RuleRelative},
		{[]string{"unified-blueprint-docs", "docs"}, "prds/product-requirements.md", "search-algorithm", "designs/search-algorithm.md", RuleFilename},
		{[]string{"unified-blueprint-docs", "docs"}, "designs/mcp-tools.md", "staleness-detection", "designs/staleness-detection.md", RuleRelative},
		{[]string{"unified-blueprint-docs", "docs"}, "designs/mcp-tools.md", "../prds/product-requirements.md", "prds/product-requirements.md", RuleRelative},
	}
	for _, tc := range tests {
		t.Run(tc.from+" -> "+tc.target, func(t *testing.T) {
			docs, ids := corpusDocs(t, tc.corpus...)
			r := NewResolver(docs)
			got := r.Resolve(tc.from, tc.target)
			want := Resolution{ID: ids[tc.wantPath], Resolved: true, Rule: tc.rule}
			if ids[tc.wantPath] == 0 {
				t.Fatalf("corpus %v has no %s", tc.corpus, tc.wantPath)
			}
			if got.ID != want.ID || got.Rule != want.Rule || !got.Resolved || got.Ambiguous {
				t.Errorf("%v: Resolve(%q, %q) = %+v, want %s by %s", tc.corpus, tc.from, tc.target, got, tc.wantPath, tc.rule)
			}
		})
	}
}
