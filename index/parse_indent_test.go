package index

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// deepLinkedList is deepList with a wiki-link and a Markdown link on every
// item.
func deepLinkedList(levels int) string {
	var b strings.Builder
	for d := range levels {
		fmt.Fprintf(&b, "%s- item %d [[w%d]] and [x](x%d.md)\n", strings.Repeat("  ", d), d, d%7, d%5)
	}
	return b.String()
}

// admonitionsNested is MkDocs admonitions nested levels deep, each
// indented four columns more than the one before.
func admonitionsNested(levels int) string {
	var b strings.Builder
	for d := range levels {
		fmt.Fprintf(&b, "%s!!! x\n", strings.Repeat("    ", d))
	}
	return b.String()
}

// deepEmptyItems is a list nested levels deep of empty items.
func deepEmptyItems(levels int) string {
	var b strings.Builder
	for d := range levels {
		fmt.Fprintf(&b, "%s-\n", strings.Repeat("  ", d))
	}
	return b.String()
}

// deepIndentPages are bodies with lines indented far beyond
// maxIndentColumn, in every kind of block such a line may go on.
func deepIndentPages() []struct{ name, body string } {
	deep := strings.Repeat(" ", 3000)
	tab := strings.Repeat("\t", 700)
	return []struct{ name, body string }{
		{"deep list", "# Deep\n\n" + deepLinkedList(400) + "\n## After\n\nText [a](a.md).\n"},
		{"setext over a deep line", "Intro.\n\nFirst [[line]]\n" + deep + "second [l](l.md) line\n---\n\ntext\n"},
		{"setext over a deep tab line", "First line\n" + tab + "second [[s]]\n===\n"},
		{"deep line in a list item", "- item\n\n" + deep + "code [[no]]\n# Heading\n\n- x\n" + deep + "lazy [[yes]]\n## Next\n"},
		{"deep code block", "    code\n" + deep + "# in code [[no]]\n\n## Out [[o]]\n"},
		{"deep fence", "```\n" + deep + "```\n# in fence\n```\n## Out\n"},
		{"deep HTML", "<div>\n" + deep + "</div> [[no]]\n# in html\n\n## Out\n"},
		{"deep HTML title", "<h1>\n" + deep + "The <b>Title</b>\n" + tab + "</h1>\n\n## Out\n"},
		{"deep quote", "> quote\n" + deep + "lazy [[q]]\n# Heading\n"},
		{"blank deep lines", "## A\n" + deep + "\n## B [[b]]\n" + deep + "\r\n## C\n"},
		// The link's context reaches back over the deep line's blanks
		// as written, not over what goldmark read.
		{"context over deep blanks", "## A\n\nSome words before " + strings.Repeat("x ", 30) + "\n" + deep + "[[b]] and after\n" + deep + "[c](c.md)\n"},
		{"deep table rows", "| a | b |\n|---|---|\n" + deep + "| [[t]] | x |\n"},
		// Markers nested too deep are blanked for goldmark (boundNesting):
		// a line of markers alone is blank in what it parses, not in the
		// body, and stays in its section.
		{"deep admonitions", admonitionsNested(60)},
		{"deep empty items", deepEmptyItems(100) + "\n## After\n"},
		{"headings under a deep list", "# T\n\n" + deepLinkedList(100) + "## Inside?\n\n" + deepLinkedList(100) + "\nafter\n===\n"},
	}
}

// checkReadBounded fails the test when goldmark, parsing src, is handed a
// line indented beyond maxIndentColumn.
func checkReadBounded(t *testing.T, src []byte) {
	t.Helper()
	widest := 0
	readHook = func(text []byte) {
		for l := range bytes.Lines(text) {
			widest = max(widest, indentWidth(l))
		}
	}
	defer func() { readHook = nil }()
	parse("deep.md", src)
	if widest > maxIndentColumn {
		t.Errorf("goldmark read a line indented %d columns, want at most %d", widest, maxIndentColumn)
	}
}

// TestParseBoundIndentation: Parse hands goldmark no line indented beyond
// maxIndentColumn (it reads a line's indentation once for every list, item
// and quote open around it, so a 4 MB page of a list nested 2,000 levels
// deep took 3-8 s of CPU to index), and the document and warnings are
// those of a parse of the whole indentation: sections, headings, links
// and their contexts.
func TestParseBoundIndentation(t *testing.T) {
	for _, tt := range deepIndentPages() {
		t.Run(tt.name, func(t *testing.T) {
			src := []byte(tt.body)
			checkReadBounded(t, src)
			got, gotWarns := parse("deep.md", src)
			want, wantWarns := parseBounded("deep.md", "", src, maxPieceBytes, math.MaxInt)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("document\n%+v\nwant (parse of the whole indentation)\n%+v", got, want)
			}
			if !reflect.DeepEqual(gotWarns, wantWarns) {
				t.Errorf("warnings %v, want %v", gotWarns, wantWarns)
			}
			checkInvariants(t, tt.body, got)
		})
	}
	t.Run("2,000 levels", func(t *testing.T) {
		body := "# Deep\n\n" + deepLinkedList(2000)
		checkReadBounded(t, []byte(body))
		doc, _ := parse("deep.md", []byte(body))
		checkInvariants(t, body, doc)
		var content strings.Builder
		for _, s := range doc.Sections {
			content.WriteString(s.Content)
		}
		if n := strings.Count(content.String(), "- item "); n != 2000 {
			t.Errorf("the sections hold %d of the 2000 items", n)
		}
		if len(doc.Links) != 4000 {
			t.Errorf("%d links, want 4000", len(doc.Links))
		}
	})
}

// TestIndentCutsOriginal: an offset of the bounded body is read back as
// the offset of the same byte in the body.
func TestIndentCutsOriginal(t *testing.T) {
	body := []byte("a\n" + strings.Repeat(" ", 200) + "b\n\t" + strings.Repeat("\t", 50) + "c\nd\n" + strings.Repeat(" ", 300) + "\ne")
	bounded, cuts := boundIndentCuts(body, 16)
	if cuts == nil || len(cuts.at) != 3 {
		t.Fatalf("cuts %+v, want 3", cuts)
	}
	for off, c := range bounded {
		if c == ' ' || c == '\t' {
			continue
		}
		if o := cuts.original(off); body[o] != c || bytes.Count(body[:o], []byte("\n")) != bytes.Count(bounded[:off], []byte("\n")) {
			t.Errorf("offset %d (%q) read back as %d (%q)", off, c, o, body[o])
		}
	}
	if same, none := boundIndentCuts([]byte("a\n    b\n"), 16); none != nil || string(same) != "a\n    b\n" {
		t.Errorf("a body indented less than the bound: %q, cuts %+v", same, none)
	}
}
