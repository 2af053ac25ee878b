package index

import (
	"testing"
)

// TestFrontmatterSection checks the section a frontmatter becomes when it
// names the page in words its headings lack: its content is the YAML as
// written, the body's sections and their links' orders follow it, and
// BodySections leaves it out.
func TestFrontmatterSection(t *testing.T) {
	src := "---\n" + // 1
		"title: Webhook retry budget\n" + // 2
		"aliases: [retry policy]\n" + // 3
		"---\n" + // 4
		"## Overview\n" + // 5
		"\n" + // 6
		"See [[other]] for the rest of the story, which is long enough to stand alone as a section of text here.\n" // 7
	doc := mustParse(t, "w.md", src)
	if len(doc.Sections) != 2 {
		t.Fatalf("got %d sections, want the frontmatter's and Overview: %+v", len(doc.Sections), doc.Sections)
	}
	fm := doc.Sections[0]
	if fm.Content != "title: Webhook retry budget\naliases: [retry policy]" || fm.Heading != "Webhook retry budget" ||
		fm.StartLine != 2 || fm.EndLine != 3 || fm.Order != 0 || fm.Tokens == 0 {
		t.Errorf("frontmatter section = %+v", fm)
	}
	if got := doc.Sections[1]; got.Order != 1 || got.Heading != "Overview" {
		t.Errorf("body section = %+v, want order 1, Overview", got)
	}
	if len(doc.Links) != 1 || doc.Links[0].SectionOrder != 1 || doc.Links[0].Line != 7 {
		t.Errorf("links = %+v, want one in section 1 at line 7", doc.Links)
	}
	body := doc.BodySections()
	if len(body) != 1 || body[0].Heading != "Overview" {
		t.Errorf("BodySections = %+v, want Overview alone", body)
	}
	if plain := mustParse(t, "p.md", "# P\n\nText.\n"); len(plain.BodySections()) != len(plain.Sections) {
		t.Errorf("BodySections of a page without frontmatter = %+v, want all %d", plain.BodySections(), len(plain.Sections))
	}
}
