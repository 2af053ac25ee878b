package graph

import (
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestResolveLink: a Markdown link written "./x.md" or "../x.md" names one
// place; when nothing is there it is not matched to a page of that name in
// another folder (reference/index.md's ./cli.md is not
// concepts/authentication/cli.md), while a bare "x.md" and a wiki-link
// still are, and a path with a folder still finds a moved page by suffix.
func TestResolveLink(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "reference/index.md"},
		{ID: 2, Path: "concepts/authentication/cli.md"},
		{ID: 3, Path: "designs/database.md"},
		{ID: 4, Path: "guide/index.md"},
		{ID: 5, Path: "reference/settings.md"},
		{ID: 6, Path: "reference/ＡＰＩ設計.md"},
	}
	r := NewResolver(docs)
	cases := []struct {
		name, from string
		kind       index.LinkKind
		text       string
		want       Resolution
	}{
		{"explicit relative to a missing file", "reference/index.md", index.KindMarkdown, "./cli.md", Resolution{}},
		{"explicit parent to a missing file", "reference/x/y.md", index.KindMarkdown, "../cli.md", Resolution{}},
		{"explicit relative found", "reference/index.md", index.KindMarkdown, "./settings.md", resolved(5, RuleRelative)},
		{"bare Markdown name found elsewhere", "reference/index.md", index.KindMarkdown, "cli.md", resolved(2, RuleFilename)},
		{"wiki-link by name", "reference/index.md", index.KindWiki, "cli", resolved(2, RuleFilename)},
		{"moved page found by a suffix with a folder", "specs/sub/a.md", index.KindMarkdown, "../designs/database.md", resolved(3, RuleFilename)},
		{"folder by suffix", "specs/sub/a.md", index.KindMarkdown, "../guide/", resolved(4, RuleFilename)},
		{"explicit relative to the root is a path", "reference/index.md", index.KindMarkdown, "../designs/database.md", resolved(3, RuleRelative)},
		{"explicit relative in another case, same folder", "reference/index.md", index.KindMarkdown, "./Settings.md", resolved(5, RuleFilename)},
		{"explicit relative in another width, same folder", "reference/index.md", index.KindMarkdown, "./API設計.md", resolved(6, RuleFilename)},
		{"explicit parent, same folder in another case", "reference/x/y.md", index.KindMarkdown, "../SETTINGS.md", resolved(5, RuleFilename)},
		{"explicit relative escaping the root", "index.md", index.KindMarkdown, "../cli.md", Resolution{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := r.ResolveLink(c.from, c.kind, c.text); !reflect.DeepEqual(got, c.want) {
				t.Errorf("ResolveLink(%q, %s, %q) = %+v, want %+v", c.from, c.kind, c.text, got, c.want)
			}
		})
	}
}
