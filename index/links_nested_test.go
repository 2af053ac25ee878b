package index

import (
	"reflect"
	"testing"
)

// TestWikiLinkInsideMarkdownLink: a wiki-link written in the text of a
// Markdown link ([see [[inner]]](b.md)) is a link too, each at its line;
// the text of the Markdown link was skipped, and the wiki-link lost.
func TestWikiLinkInsideMarkdownLink(t *testing.T) {
	type kl struct {
		kind   LinkKind
		target string
		line   int
	}
	cases := []struct {
		name, src string
		want      []kl
	}{
		{"one line", "# T\n\n[see [[inner]]](b.md)\n",
			[]kl{{KindMarkdown, "b.md", 3}, {KindWiki, "inner", 3}}},
		{"across lines", "# T\n\nText [see\nthe *[[inner|page]]*\nhere](b.md) and [[after]].\n",
			[]kl{{KindMarkdown, "b.md", 3}, {KindWiki, "inner", 4}, {KindWiki, "after", 5}}},
		{"reference link", "# T\n\n[see [[inner]]][r]\n\n[r]: b.md\n",
			[]kl{{KindMarkdown, "b.md", 3}, {KindWiki, "inner", 3}}},
		{"text around stays apart", "# T\n\n[[a [x](b.md) c]]\n",
			[]kl{{KindMarkdown, "b.md", 3}}},
		{"code in the text", "# T\n\n[see `[[code]]`](b.md)\n",
			[]kl{{KindMarkdown, "b.md", 3}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := mustParse(t, "a.md", c.src)
			var got []kl
			for _, l := range doc.Links {
				got = append(got, kl{l.Kind, l.Target, l.Line})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("links %+v, want %+v", got, c.want)
			}
		})
	}
}
