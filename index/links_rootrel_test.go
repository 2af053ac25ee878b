package index

import (
	"reflect"
	"testing"
)

// TestRootRelativeLinks: a Markdown link written from the project root
// ([g](/docs/guide.md), as GitHub reads it) where docs is the docs folder
// names the document guide.md of the docs folder; other root-relative
// paths stay paths from the docs folder (a site's root, /guide.md).
func TestRootRelativeLinks(t *testing.T) {
	tests := []struct {
		name, docs, path, body string
		want                   []string // targets of the links found
	}{
		{"from the project root", "docs", "index.md", "[g](/docs/guide.md)", []string{"/guide.md"}},
		{"with a heading, from a folder", "docs", "a/b.md", "[g](/docs/sub/guide.md#setup)", []string{"/sub/guide.md"}},
		{"a nested docs folder", "site/docs", "index.md", "[g](/site/docs/guide.md)", []string{"/guide.md"}},
		{"a site-root path stays", "docs", "index.md", "[g](/guide.md)", []string{"/guide.md"}},
		{"a longer folder name is not the docs folder", "docs", "index.md", "[g](/docs2/guide.md)", []string{"/docs2/guide.md"}},
		{"docs at the project root", ".", "index.md", "[g](/docs/guide.md)", []string{"/docs/guide.md"}},
		{"no docs path", "", "index.md", "[g](/docs/guide.md)", []string{"/docs/guide.md"}},
		{"a docs path written ./docs/", "./docs/", "index.md", "[g](/docs/guide.md)", []string{"/guide.md"}},
		{"relative links are untouched", "docs", "index.md", "[g](docs/guide.md)", []string{"docs/guide.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := tt.body + "\n"
			doc, warns := ParseIn(tt.path, tt.docs, []byte(src))
			if len(warns) > 0 {
				t.Fatalf("unexpected warnings: %v", warns)
			}
			checkInvariants(t, src, doc)
			var got []string
			for _, l := range doc.Links {
				got = append(got, l.Target)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("links to %q, want %q", got, tt.want)
			}
		})
	}
}
