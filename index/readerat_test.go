package index

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

// TestParseLeavesItsInputUnchanged: goldmark appends a newline to the
// value of a code line that does not end in one, and the value of a line
// is a slice of the source, so a blocks-only parse of the body up to a
// place inside an indented code block (pieces tries places in the middle
// of a line) wrote '\n' into the body after it: the caller's file was
// changed, and the code line broken there read as text after it (a list
// item's indented code, 768 KiB, gained a paragraph and 13,000 links).
// Parse leaves its input as it was and reads such a file as a parse of
// the whole does.
func TestParseLeavesItsInputUnchanged(t *testing.T) {
	cases := []struct{ name, first, line string }{
		{"list-item-indented-code", "- start\n\n", "      [x](y.md) [[w]] code\n"},
		{"quote-indented-code", "> start\n>\n", ">     [x](y.md) [[w]] code\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := "# T\n\n" + c.first + strings.Repeat(c.line, 3*maxBlockBytes/len(c.line)) + "\n## After\n\nSee [x](x.md) and [[z]].\n"
			src := []byte(body)
			cut, _ := parsePieces("big.md", "", src, maxPieceBytes)
			if !bytes.Equal(src, []byte(body)) {
				i := 0
				for i < len(src) && src[i] == body[i] {
					i++
				}
				t.Fatalf("the parse changed its input at byte %d: %q, was %q", i, src[i-10:i+10], body[i-10:i+10])
			}
			whole, _ := parsePieces("big.md", "", src, len(src))
			if !reflect.DeepEqual(whole.Sections, cut.Sections) || !reflect.DeepEqual(whole.Links, cut.Links) {
				t.Errorf("in pieces: %d sections, %d links; whole: %d sections, %d links",
					len(cut.Sections), len(cut.Links), len(whole.Sections), len(whole.Links))
			}
			if len(whole.Links) != 2 {
				t.Errorf("whole: %d links, want the 2 after the code", len(whole.Links))
			}
		})
	}
}

// TestParseLeavesItsInputUnchangedRefLabels: goldmark's link reference
// definition parser appends the lines of a label or title that spans
// lines; a definition in a block quote (its lines read through a block
// reader) or at top level, cut or not, must not write into the body as
// the code line's newline did (TestParseLeavesItsInputUnchanged).
func TestParseLeavesItsInputUnchangedRefLabels(t *testing.T) {
	cases := []struct{ name, unit string }{
		{"quote-label", "> [lab\n> el]: /x.md \"ti\n> tle\"\n> see [lab el] and [[w]]\n>\n"},
		{"top-level-label", "[lab\nel]: /x.md \"ti\ntle\"\nsee [lab el] and [[w]]\n\n"},
		{"list-item-label", "- [lab\n  el]: /x.md\n  see [lab el] and [[w]]\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := "# T\n\n" + strings.Repeat(c.unit, 3*maxBlockBytes/len(c.unit)) + "\n## After\n\nSee [x](x.md) and [[z]].\n"
			src := []byte(body)
			cut, _ := parsePieces("big.md", "", src, maxPieceBytes)
			if !bytes.Equal(src, []byte(body)) {
				t.Fatal("the parse changed its input")
			}
			whole, _ := parsePieces("big.md", "", src, len(src))
			if !bytes.Equal(src, []byte(body)) {
				t.Fatal("the parse of the whole changed its input")
			}
			if len(cut.Links) != len(whole.Links) || len(whole.Links) < 2 {
				t.Errorf("in pieces: %d links; whole: %d", len(cut.Links), len(whole.Links))
			}
		})
	}
}
