package index

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// deepList is a list nested levels deep, one item a line, each indented
// two columns more than the one before: at 2,000 levels a line holds 4,000
// blanks.
func deepList(levels int) string {
	var b strings.Builder
	for d := range levels {
		fmt.Fprintf(&b, "%s- item %d\n", strings.Repeat("  ", d), d)
	}
	return b.String()
}

// indentWidth is the width of line's indentation, a tab to the next
// multiple of four.
func indentWidth(line []byte) int {
	w := 0
	for _, c := range line {
		switch c {
		case ' ':
			w++
		case '\t':
			w += 4 - w%4
		default:
			return w
		}
	}
	return w
}

// TestHeadingsBoundIndentation: the Markdown Headings parses has no line
// indented beyond maxIndentColumn, however deep a list nests (goldmark
// reads each line's indentation once per open block, so a 4 MB page of
// a 2,000-level list took seconds to outline on every get-page), and the
// headings are those of the whole parse: the lines keep their numbers,
// a paragraph's deep lines stay in it (a setext heading's text), code and
// HTML blocks go on over them.
func TestHeadingsBoundIndentation(t *testing.T) {
	deep := strings.Repeat(" ", 3000)
	tab := strings.Repeat("\t", 700)
	for _, tt := range []struct{ name, body string }{
		{"deep list", "# Deep\n\n" + deepList(600) + "\n## After\n\nText.\n"},
		{"setext over a deep line", "Intro.\n\nFirst line\n" + deep + "second line\n---\n\ntext\n"},
		{"setext over a deep tab line", "First line\n" + tab + "second\n===\n"},
		{"deep line in a list item", "- item\n\n" + deep + "code\n# Heading\n\n- x\n" + deep + "lazy\n## Next\n"},
		{"deep code block", "    code\n" + deep + "# in code\n\n## Out\n"},
		{"deep fence", "```\n" + deep + "```\n# in fence\n```\n## Out\n"},
		{"deep HTML", "<div>\n" + deep + "</div>\n# in html\n\n## Out\n"},
		{"deep quote", "> quote\n" + deep + "lazy\n# Heading\n"},
		{"blank deep line", "## A\n" + deep + "\n## B\n" + deep + "\r\n## C\n"},
		{"headings under a deep list", "# T\n\n" + deepList(100) + "## Inside?\n\n" + deepList(100) + "\nafter\n===\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			md, _ := boundNesting([]byte(tt.body))
			bounded := boundIndent(md)
			lines := bytes.Split(bounded, []byte("\n"))
			if want := strings.Count(tt.body, "\n") + 1; len(lines) != want {
				t.Fatalf("%d lines, want %d", len(lines), want)
			}
			for i, l := range lines {
				if w := indentWidth(l); w > maxIndentColumn {
					t.Fatalf("line %d indented %d columns, want at most %d", i, w, maxIndentColumn)
				}
			}
			// The headings of the parse of the whole indentation.
			if got, want := Headings(tt.body), headingsIn(md); !reflect.DeepEqual(got, want) {
				t.Errorf("headings\n%+v\nwant (parse of the whole indentation)\n%+v", got, want)
			}
		})
	}
}

// FuzzHeadingsBoundIndent: cutting deep indentation never changes the
// headings of a body.
func FuzzHeadingsBoundIndent(f *testing.F) {
	deep := strings.Repeat(" ", maxIndentColumn+3)
	for _, s := range []string{"a\n" + deep + "b\n---\n", "- x\n" + deep + "y\n# h\n", "```\n" + deep + "```\n# h\n",
		"<!--\n" + deep + "-->\n## h\n", "\t- x\n" + deep + "\t\ty\n===\n", "> a\n" + deep + "b\n---\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		md, _ := boundNesting([]byte(body))
		if got, want := Headings(body), headingsIn(md); !reflect.DeepEqual(got, want) {
			t.Fatalf("headings %+v, want %+v", got, want)
		}
	})
}
