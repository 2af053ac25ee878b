package index

import (
	"strings"
	"testing"
)

// TestFrontmatterSection checks the section a frontmatter becomes when it
// names the page in words its headings lack: its content is those names,
// the body's sections and their links' orders follow it, and BodySections
// leaves it out.
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
	if fm.Content != "Webhook retry budget\nretry policy" || fm.Heading != "Webhook retry budget" ||
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

// TestFrontmatterSectionHoldsOnlyNames checks that the section holds the
// title, aliases and tags, each on its own line of the file, and nothing
// else of the YAML: not its keys, doc_type, source_refs nor other keys.
func TestFrontmatterSectionHoldsOnlyNames(t *testing.T) {
	src := "---\n" + // 1
		"doc_type: design\n" + // 2
		"title: Meeting note 1\n" + // 3
		"source_refs:\n" + // 4
		"  - src/design/reviewer.go\n" + // 5
		"tags: [weekly, sync]\n" + // 6
		"author: Alice Review\n" + // 7
		"aliases:\n" + // 8
		"  - Weekly   sync one\n" + // 9
		"---\n" + // 10
		"# Weekly sync 1\n\nWe talked about lunch.\n"
	doc := mustParse(t, "n.md", src)
	fm := doc.Sections[0]
	if want := "Meeting note 1\n\n\nweekly, sync\n\n\nWeekly sync one"; fm.Content != want || fm.StartLine != 3 || fm.EndLine != 9 {
		t.Errorf("frontmatter section %q lines %d-%d, want %q lines 3-9", fm.Content, fm.StartLine, fm.EndLine, want)
	}
	for _, not := range []string{"design", "reviewer", "Alice", "title", "tags"} {
		if strings.Contains(fm.Content, not) {
			t.Errorf("frontmatter section holds %q: %q", not, fm.Content)
		}
	}
	// A title its H1 repeats in another width or case needs no section.
	if d := mustParse(t, "w.md", "---\ntitle: ＡＰＩ設計\n---\n# api設計\n\nText.\n"); len(d.Sections) != 1 {
		t.Errorf("full-width title over its H1: %d sections, want 1: %+v", len(d.Sections), d.Sections)
	}
}
