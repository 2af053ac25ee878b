package index

import (
	"strings"
	"testing"
)

// fmLink is an expected frontmatter link: its kind, type, target, heading,
// alias and file line.
type fmLink struct {
	wl
	line int
}

// TestFrontmatterLinks: wiki-links written in frontmatter string values
// (Obsidian's properties: related: "[[x]]", lists, multi-line lists, any
// key) are links of the document, in the frontmatter's section, on the
// file line that holds them; a key naming a link type types the links of
// its value unless the link names its own.
func TestFrontmatterLinks(t *testing.T) {
	ref := LinkReferences
	tests := []struct {
		name string
		fm   string // the YAML between the fences, from file line 2
		want []fmLink
	}{
		{"a quoted value", `related: "[[other page]]"`, []fmLink{{wl{KindWiki, ref, "other page", "", ""}, 2}}},
		{"a flow list", `up: ["[[a]]", "[[b#Part|the b]]"]`, []fmLink{
			{wl{KindWiki, ref, "a", "", ""}, 2}, {wl{KindWiki, ref, "b", "Part", "the b"}, 2}}},
		{"a block list", "title: T\nup:\n  - \"[[a]]\"\n  - plain text\n  - '[[c]]'", []fmLink{
			{wl{KindWiki, ref, "a", "", ""}, 4}, {wl{KindWiki, ref, "c", "", ""}, 6}}},
		{"a key naming a link type", "depends_on: \"[[x]]\"\nimplements:\n  - \"[[y]]\"\n  - \"[[z|extends]]\"", []fmLink{
			{wl{KindWiki, LinkDependsOn, "x", "", ""}, 2}, {wl{KindWiki, LinkImplements, "y", "", ""}, 4},
			{wl{KindWiki, LinkExtends, "z", "", ""}, 5}}},
		{"an explicit references beats the key", `depends_on: "[[x|references]]"`, []fmLink{{wl{KindWiki, ref, "x", "", ""}, 2}}},
		{"two in one text", `summary: "builds on [[a]] and ![[b]]"`, []fmLink{
			{wl{KindWiki, ref, "a", "", ""}, 2}, {wl{KindEmbed, ref, "b", "", ""}, 2}}},
		{"a block scalar", "notes: |\n  first line\n  see [[deep]]", []fmLink{{wl{KindWiki, ref, "deep", "", ""}, 4}}},
		{"a nested mapping", "meta:\n  parent: \"[[p]]\"", []fmLink{{wl{KindWiki, ref, "p", "", ""}, 3}}},
		{"emphasis characters are text", `up: "[[a*b*c]]"`, []fmLink{{wl{KindWiki, ref, "a*b*c", "", ""}, 2}}},
		{"the same link twice", "a: \"[[x]]\"\nb: \"[[x]]\"", []fmLink{
			{wl{KindWiki, ref, "x", "", ""}, 2}, {wl{KindWiki, ref, "x", "", ""}, 3}}},
		{"an attachment is no link", `cover: "[[cover.png]]"`, nil},
		{"no link in a number or a plain word", "n: 5\nword: other", nil},
		{"an escaped link", `x: "\\[[no]]"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "---\n" + tt.fm + "\n---\n# Title\n\nBody with [[body link]].\n"
			doc := mustParse(t, "d.md", src)
			bodyLine := strings.Count(tt.fm, "\n") + 6
			var got []fmLink
			for _, l := range doc.Links {
				if l.Target == "body link" {
					if l.Line != bodyLine {
						t.Errorf("body link on line %d, want %d", l.Line, bodyLine)
					}
					continue
				}
				got = append(got, fmLink{wl{l.Kind, l.Type, l.Target, l.TargetHeading, l.Alias}, l.Line})
				if l.SectionOrder != 0 || doc.Sections[0].StartLine >= doc.Frontmatter.BodyLine {
					t.Errorf("link %+v not in the frontmatter's section: %+v", l, doc.Sections[0])
				}
				if !strings.Contains(l.Context, "[[") {
					t.Errorf("link %+v: context %q lacks the link", l, l.Context)
				}
			}
			if len(got) != len(tt.want) {
				t.Fatalf("frontmatter links = %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("link %d = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
			if len(doc.Links) != len(got)+1 || doc.Links[len(got)].Target != "body link" {
				t.Errorf("links = %+v, want the frontmatter's first, then the body's", doc.Links)
			}
		})
	}
}

// TestFrontmatterLinksSection: the frontmatter's section holds the links
// as written on their lines, beside the names, so the page is found by
// them as by a body link's text; the body keeps its own sections.
func TestFrontmatterLinksSection(t *testing.T) {
	src := "---\n" + // 1
		"title: Retry budget\n" + // 2
		"doc_type: design\n" + // 3
		"related: \"[[other page]]\"\n" + // 4
		"---\n" + // 5
		"# Retry budget\n" + // 6
		"\n" + // 7
		"Text.\n" // 8
	doc := mustParse(t, "r.md", src)
	fm := doc.Sections[0]
	if fm.StartLine != 2 || fm.EndLine != 4 || fm.Content != "Retry budget\n\n[[other page]]" {
		t.Errorf("frontmatter section = %+v", fm)
	}
	if len(doc.BodySections()) != len(doc.Sections)-1 {
		t.Errorf("BodySections = %+v", doc.BodySections())
	}
	if len(doc.Links) != 1 || doc.Links[0].Line != 4 || doc.Links[0].Context != `related: "[[other page]]"` {
		t.Errorf("links = %+v", doc.Links)
	}
}

// TestFrontmatterLinksOfInvalidYAML: a frontmatter that is invalid YAML
// is ignored with a warning, its links too.
func TestFrontmatterLinksOfInvalidYAML(t *testing.T) {
	src := "---\nrelated: \"[[a]]\"\nup: [\"[[b]]\"\n---\n# T\n\nSee [[c]].\n"
	doc, warns := Parse("d.md", []byte(src))
	checkInvariants(t, src, doc)
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "invalid YAML") {
		t.Errorf("warnings = %v, want one on the invalid YAML", warns)
	}
	if len(doc.Links) != 1 || doc.Links[0].Target != "c" {
		t.Errorf("links = %+v, want the body's [[c]] alone", doc.Links)
	}
}
