package index

import (
	"reflect"
	"strings"
	"testing"
)

// lineLink is a link's target and file line.
type lineLink struct {
	target string
	line   int
}

func lineLinksOf(doc *Document) []lineLink {
	var out []lineLink
	for _, l := range doc.Links {
		out = append(out, lineLink{l.Target, l.Line})
	}
	return out
}

// TestAdmonitionContent: the content of an MkDocs admonition (!!! note),
// collapsible block (??? tip, ???+ tip) or content tab (=== "macOS") is
// Markdown indented by four spaces, not an indented code block: its links
// count, on their own lines, while code inside it (fenced, or indented
// four spaces more) stays code. A line that is no such marker leaves the
// indented text below it a code block.
func TestAdmonitionContent(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []lineLink
	}{
		{"note", "# P\n\n!!! note\n\n    See the [build systems](./config.md#build-systems) docs.\n    And [[other page]].\n",
			[]lineLink{{"./config.md", 5}, {"other page", 6}}},
		{"title and a second paragraph", "!!! warning \"Careful now\"\n\n    First.\n\n    Then [a](a.md).\n",
			[]lineLink{{"a.md", 5}}},
		{"no blank line after the marker", "!!! tip\n    Use [[x]].\nAfter [b](b.md).\n",
			[]lineLink{{"x", 2}, {"b.md", 3}}},
		{"collapsible", "??? info \"More\"\n\n    [c](c.md)\n\n???+ example\n\n    [d](d.md)\n",
			[]lineLink{{"c.md", 3}, {"d.md", 7}}},
		{"content tabs", "=== \"macOS\"\n\n    [[mac]]\n\n=== \"Windows\"\n\n    [[win]]\n",
			[]lineLink{{"mac", 3}, {"win", 7}}},
		{"interrupts a paragraph", "Intro line.\n!!! note\n    [[n]]\n", []lineLink{{"n", 3}}},
		{"nested", "!!! note\n\n    !!! tip\n\n        [[deep]]\n", []lineLink{{"deep", 5}}},
		{"inside a list", "- item\n\n    !!! note\n\n        [[in list]]\n", []lineLink{{"in list", 5}}},
		{"CRLF", "!!! note\r\n\r\n    [[crlf]]\r\n", []lineLink{{"crlf", 3}}},
		{"tab indent", "!!! note\n\n\t[[tabbed]]\n", []lineLink{{"tabbed", 3}}},
		{"fenced code inside stays code", "!!! note\n\n    ```\n    [[code]] [e](e.md)\n    ```\n    [[text]]\n",
			[]lineLink{{"text", 6}}},
		{"indented code inside stays code", "!!! note\n\n    Text.\n\n        [[code]]\n", nil},
		{"no type is no marker", "!!!\n\n    [[code]]\n", nil},
		{"prose after the marker is no marker", "!!! Warning: do not\n\n    [[code]]\n", nil},
		{"tab without a quoted title is no marker", "=== macOS\n\n    [[code]]\n", nil},
		{"marker indented four spaces is code", "    !!! note\n\n        [[code]]\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, "d.md", tt.src)
			if got := lineLinksOf(doc); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("links = %+v, want %+v", got, tt.want)
			}
			// The outline agrees with a full parse (the marker is no heading).
			if hs, full := Headings(doc.Body), fullHeadings(doc.Body); !reflect.DeepEqual(hs, full) {
				t.Fatalf("Headings %+v, a full parse gives %+v", hs, full)
			}
		})
	}
}

// TestAdmonitionIsOneBlock: an admonition is one block of its section,
// kept whole like a block quote, and a heading inside it opens no section.
func TestAdmonitionIsOneBlock(t *testing.T) {
	src := "# T\n\n## Install\n\n!!! note\n\n    ## Not a section\n\n    " + words(30, "n") + "\n\n## Next\n\n" + words(40, "x") + "\n"
	doc := mustParse(t, "d.md", src)
	var heads []string
	for _, s := range doc.Sections {
		heads = append(heads, s.Heading)
	}
	if strings.Join(heads, "|") != "|Install|Next" {
		t.Fatalf("sections headed %q, want the title's section 0, Install, Next", heads)
	}
	for _, h := range Headings(doc.Body) {
		if h.Text == "Not a section" {
			t.Fatalf("a heading inside an admonition is listed as top-level: %+v", h)
		}
	}
}
