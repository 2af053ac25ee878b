package graph

import (
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestResolveFolderIndexPages: a Markdown link to a folder resolves to the
// folder's index page (index, README, then Hugo's _index), the folder
// named or not: "./" is the linking page's folder, "../" its parent, "/"
// the docs root. A folder without an index page resolves to nothing, never
// to an index page elsewhere or a page titled like one.
func TestResolveFolderIndexPages(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "README.md", Title: "Home"},
		{ID: 2, Path: "sub/_index.md", Title: "Sub"},
		{ID: 3, Path: "sub/page.md", Title: "Page"},
		{ID: 4, Path: "guide/index.md", Title: "Guide"},
		{ID: 5, Path: "guide/README.md", Title: "Guide readme"},
		{ID: 6, Path: "guide/deep/x.md", Title: "X"},
		{ID: 7, Path: "other/y.md", Title: "index"},
		{ID: 8, Path: "other/z.md", Title: "Z", Aliases: []string{"README"}},
	}
	r := NewResolver(docs)
	tests := []struct {
		name, from, text string
		want             Resolution
	}{
		{"this folder's _index", "sub/page.md", "./", resolved(2, RuleRelative)},
		{"this folder's index before README", "guide/other.md", "./", resolved(4, RuleRelative)},
		{"the parent folder", "guide/deep/x.md", "../", resolved(4, RuleRelative)},
		{"two folders up to the root README", "guide/deep/x.md", "../../", resolved(1, RuleRelative)},
		{"the docs root", "sub/page.md", "/", resolved(1, RulePath)},
		{"the root from a root page", "other.md", "./", resolved(1, RuleRelative)},
		{"a named folder's _index", "README.md", "sub/", resolved(2, RuleRelative)},
		{"a named folder's _index from the root", "guide/index.md", "/sub/", resolved(2, RulePath)},
		{"a folder without an index page", "other/y.md", "./", Resolution{}},
		{"up out of the docs root", "README.md", "../", Resolution{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.ResolveLink(tt.from, index.KindMarkdown, tt.text)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ResolveLink(%q, %q) = %+v, want %+v", tt.from, tt.text, got, tt.want)
			}
		})
	}
	for _, target := range []string{"./", "../", "/", "../../"} {
		if k := LinkKeysOf(target); !k.Any {
			t.Errorf("LinkKeysOf(%q) = %+v: a folder stands for its index page, so it must be re-resolved on every change", target, k)
		}
	}
}
