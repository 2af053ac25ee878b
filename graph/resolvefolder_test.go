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

// TestResolveFolderLinksWithoutSlash: a Markdown link to a folder reaches
// its index page whether or not it ends in '/': "." and ".." as "./" and
// "../", and a route "sub" naming a folder as "sub/" when no document
// sub.md is there (a document of that name wins, as a route names it
// first). The folder's page is index, else README, else _index, in any
// letter case (readme.md, Readme.md) and with any Markdown extension
// (index.markdown). A named folder is found where the link says before a
// folder of that name elsewhere. Wiki-links name pages, not folders.
func TestResolveFolderLinksWithoutSlash(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "index.md", Title: "Home"},
		{ID: 2, Path: "sub/index.md", Title: "Sub"},
		{ID: 3, Path: "sub/page.md", Title: "Page"},
		{ID: 4, Path: "sub/deep/x.md", Title: "X"},
		{ID: 5, Path: "low/readme.md", Title: "Low"},
		{ID: 6, Path: "mixed/Readme.md", Title: "Mixed"},
		{ID: 7, Path: "mk/index.markdown", Title: "Mk"},
		{ID: 8, Path: "both/index.md", Title: "Both index"},
		{ID: 9, Path: "both/README.md", Title: "Both readme"},
		{ID: 10, Path: "route.md", Title: "Route file"},
		{ID: 11, Path: "route/index.md", Title: "Route folder"},
		{ID: 12, Path: "a/low/readme.md", Title: "A low"},
		{ID: 13, Path: "other/sub.md", Title: "Other sub"},
		{ID: 14, Path: "noidx/p.md", Title: "P"},
		{ID: 15, Path: "hugo/_index.md", Title: "Hugo"},
		{ID: 16, Path: "hugo/readme.md", Title: "Hugo readme"},
	}
	r := NewResolver(docs)
	tests := []struct {
		name, from, text string
		want             Resolution
	}{
		{"this folder, no slash", "sub/page.md", ".", resolved(2, RuleRelative)},
		{"the parent folder, no slash", "sub/deep/x.md", "..", resolved(2, RuleRelative)},
		{"two folders up, no slash", "sub/deep/x.md", "../..", resolved(1, RuleRelative)},
		{"the root from a root page", "guide.md", ".", resolved(1, RuleRelative)},
		{"up out of the docs root", "guide.md", "..", Resolution{}},
		{"a folder named as a route", "guide.md", "sub", resolved(2, RuleRelative)},
		{"a folder named ./sub", "guide.md", "./sub", resolved(2, RuleRelative)},
		{"a folder named from the root", "sub/page.md", "/sub", resolved(2, RulePath)},
		{"a folder up and down", "sub/deep/x.md", "../../sub", resolved(2, RuleRelative)},
		{"lowercase readme.md, unnamed folder", "low/other.md", "./", resolved(5, RuleRelative)},
		{"lowercase readme.md, no slash", "low/other.md", ".", resolved(5, RuleRelative)},
		{"Readme.md, unnamed folder", "mixed/other.md", "./", resolved(6, RuleRelative)},
		{"Readme.md, a route", "guide.md", "mixed", resolved(6, RuleRelative)},
		{"index.markdown", "mk/other.md", ".", resolved(7, RuleRelative)},
		{"index before README", "guide.md", "both", resolved(8, RuleRelative)},
		{"index before README, slash", "guide.md", "both/", resolved(8, RuleRelative)},
		{"readme before _index", "guide.md", "hugo", resolved(16, RuleRelative)},
		{"a document before a folder of its name", "guide.md", "route", resolved(10, RuleRelative)},
		{"the named folder here before one elsewhere", "a/g.md", "low/", resolved(12, RuleRelative)},
		{"the named folder here, a route", "a/g.md", "low", resolved(12, RuleRelative)},
		{"a folder without an index page", "guide.md", "noidx", Resolution{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.ResolveLink(tt.from, index.KindMarkdown, tt.text)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ResolveLink(%q, %q) = %+v, want %+v", tt.from, tt.text, got, tt.want)
			}
		})
	}
	if got := r.ResolveLink("guide.md", index.KindWiki, "sub"); !reflect.DeepEqual(got, resolved(13, RuleFilename)) {
		t.Errorf("[[sub]] = %+v, want other/sub.md by its file name (a wiki-link names a page, not a folder)", got)
	}
}
