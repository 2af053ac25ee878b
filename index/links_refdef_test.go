package index

import (
	"strings"
	"testing"
)

// TestWikiLinkBesideReferenceDefinition: a wiki-link [[a]] in a document
// that defines the link reference [a] stays a wiki-link to the page a
// (goldmark reads the inner [a] as a shortcut reference link), embeds,
// labels and headings included, while the definition still makes [a],
// [a][] and [text][a] Markdown links to its destination.
func TestWikiLinkBesideReferenceDefinition(t *testing.T) {
	ref := LinkReferences
	tests := []struct {
		name string
		body string
		want []wl
	}{
		{"to a URL", "See [[a]].\n\n[a]: https://x.example/", []wl{{KindWiki, ref, "a", "", ""}}},
		{"to a page", "See [[a]].\n\n[a]: b.md", []wl{{KindWiki, ref, "a", "", ""}}},
		{"an embed", "![[a]]\n\n[a]: b.md", []wl{{KindEmbed, ref, "a", "", ""}}},
		{"in another case", "[[A]]\n\n[a]: b.md", []wl{{KindWiki, ref, "A", "", ""}}},
		{"the reference links still work", "[[a]] [t][a] [a] [a][]\n\n[a]: b.md", []wl{
			{KindWiki, ref, "a", "", ""}, {KindMarkdown, ref, "b.md", "", "t"},
			{KindMarkdown, ref, "b.md", "", "a"}, {KindMarkdown, ref, "b.md", "", "a"}}},
		{"with emphasis inside", "[[a*b*]]\n\n[a*b*]: b.md", []wl{{KindWiki, ref, "a*b*", "", ""}}},
		{"three brackets", "[[[a]]]\n\n[a]: b.md", []wl{{KindWiki, ref, "a", "", ""}}},
		{"an escaped bracket is no wiki-link", "\\[[a]]\n\n[a]: b.md", []wl{{KindMarkdown, ref, "b.md", "", "a"}}},
		{"in a heading", "## See [[a]]\n\n[a]: b.md", []wl{{KindWiki, ref, "a", "", ""}}},
		{"in a list item", "- [[a]] and [[b]]\n\n[a]: x.md\n[b]: y.md", []wl{{KindWiki, ref, "a", "", ""}, {KindWiki, ref, "b", "", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, "d.md", tt.body+"\n")
			got := linksOf(doc)
			if len(got) != len(tt.want) {
				t.Fatalf("links = %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("link %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestHeadingWithWikiLinkBesideReferenceDefinition: a heading holding
// [[a]] reads the same, title and section heading, whether or not the
// document defines the reference [a].
func TestHeadingWithWikiLinkBesideReferenceDefinition(t *testing.T) {
	body := "# Title [[a]]\n\ntext\n\n## See [[a]]\n\n" + strings.Repeat("words ", 400) + "\n"
	plain := mustParse(t, "d.md", body)
	defined := mustParse(t, "d.md", body+"\n[a]: b.md\n")
	if plain.Title != "Title [[a]]" || defined.Title != plain.Title {
		t.Errorf("titles %q and %q, want both %q", plain.Title, defined.Title, "Title [[a]]")
	}
	for _, d := range []*Document{plain, defined} {
		for _, s := range d.Sections[1:] {
			if s.Heading != "See [[a]]" || s.Anchor != "see-a" {
				t.Errorf("section %d heading %q #%s, want \"See [[a]]\" #see-a", s.Order, s.Heading, s.Anchor)
			}
		}
	}
}
