package index

import (
	"testing"
)

// TestHeadingIDs: a heading that ends with an attribute block naming its
// id ({#id}, as Docusaurus, Hugo, Pandoc and MkDocs' attr_list write it;
// {: #id .class} too) has that id as its anchor, and neither its text nor
// its anchor keeps the braces; a link to page#id resolves to it. Braces
// that are no attribute block stay text.
func TestHeadingIDs(t *testing.T) {
	cases := []struct {
		name, heading, text, anchor string
	}{
		{"docusaurus id", "## Install the CLI {#install}", "Install the CLI", "install"},
		{"attr_list with colon", "## Install the CLI {: #install-cli }", "Install the CLI", "install-cli"},
		{"pandoc id and class", "## Install {#setup .unnumbered}", "Install", "setup"},
		{"class only", "## Install {.wide}", "Install", "install"},
		{"japanese heading with ascii id", "## インストール {#install}", "インストール", "install"},
		{"setext", "Install {#inst}\n---", "Install", "inst"},
		{"closing hashes", "## Install {#inst} ##", "Install", "inst"},
		{"braces that are text", "## Use {braces} here", "Use {braces} here", "use-braces-here"},
		{"placeholder", "## Path {#}", "Path {#}", "path-"},
		{"not at the end", "## {#a} Install", "{#a} Install", "a-install"},
		{"inside a code span", "## Heading IDs `{#custom-id}`", "Heading IDs {#custom-id}", "heading-ids-custom-id"},
		{"escaped braces", "## Escaped \\{#x\\}", "Escaped {#x}", "escaped-x"},
		{"key=value alone", "## Set {x=1}", "Set {x=1}", "set-x1"},
		{"id with key=value", "## Set {#set x=1}", "Set", "set"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := words(30, "w")
			doc := mustParse(t, "p.md", "# Page\n\n"+body+"\n\n"+c.heading+"\n\n"+body+"\n")
			if len(doc.Sections) < 2 {
				t.Fatalf("sections: %+v", doc.Sections)
			}
			s := doc.Sections[1]
			if s.Heading != c.text || s.Anchor != c.anchor {
				t.Errorf("section = %q #%s, want %q #%s", s.Heading, s.Anchor, c.text, c.anchor)
			}
			hs := Headings("# Page\n\n" + body + "\n\n" + c.heading + "\n\n" + body + "\n")
			if len(hs) < 2 || hs[1].Text != c.text || hs[1].Anchor != c.anchor {
				t.Errorf("Headings = %+v, want %q #%s second", hs, c.text, c.anchor)
			}
		})
	}
}

// TestHeadingIDsKeepAnchorsUnique: an explicit id takes its anchor, and a
// later heading whose slug is the same gets a suffix, as for repeated
// headings.
func TestHeadingIDsKeepAnchorsUnique(t *testing.T) {
	body := words(30, "w")
	doc := mustParse(t, "p.md", "# Page\n\n"+body+"\n\n## Setup {#usage}\n\n"+body+"\n\n## Usage\n\n"+body+"\n")
	if len(doc.Sections) != 3 || doc.Sections[1].Anchor != "usage" || doc.Sections[2].Anchor != "usage-1" {
		t.Errorf("anchors: %+v", doc.Sections)
	}
}

// TestHeadingIDTakenEarlier: an explicit id an earlier heading's anchor
// already is gets a suffix, so anchors stay unique.
func TestHeadingIDTakenEarlier(t *testing.T) {
	body := words(30, "w")
	doc := mustParse(t, "p.md", "# Page\n\n"+body+"\n\n## Usage\n\n"+body+"\n\n## Setup {#usage}\n\n"+body+"\n")
	if len(doc.Sections) != 3 || doc.Sections[1].Anchor != "usage" || doc.Sections[2].Anchor != "usage-1" || doc.Sections[2].Heading != "Setup" {
		t.Errorf("anchors: %+v", doc.Sections)
	}
}
