package index

import (
	"bytes"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
)

// TestLineIndexedValue: lineIndexedReader gives the text of any segment of
// a block as goldmark's block reader does, padding (tab columns a
// container took) included.
func TestLineIndexedValue(t *testing.T) {
	type block struct {
		src   string
		lines *text.Segments // nil: those of the first paragraph or text block
	}
	padded := text.NewSegments()
	padded.Append(text.NewSegment(0, 3))
	padded.Append(text.NewSegmentPadding(4, 8, 2))
	padded.Append(text.NewSegmentPadding(9, 12, 1))
	for _, b := range []block{
		{src: "> a [x]\n> b\tc\n>\t[d] e\n> f\n"},
		{src: "- start\n\t[x] y\n  \tz [[w]]\nlazy\n"},
		{src: "para\n"},
		{src: "ab\n\t[cd]\n\t[e\n", lines: padded},
	} {
		md := []byte(b.src)
		lines := b.lines
		if lines == nil {
			root := blockParser.Parse(text.NewReader(md))
			_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
				if entering && (n.Kind() == ast.KindParagraph || n.Kind() == ast.KindTextBlock) && lines == nil {
					lines = n.Lines()
				}
				return ast.WalkContinue, nil
			})
		}
		if lines == nil || lines.Len() == 0 {
			t.Fatalf("%q: no block of text", b.src)
		}
		goldmark := text.NewBlockReader(md, lines)
		ours := lineIndexedReader{goldmark, lines}
		first, last := lines.At(0).Start, lines.At(lines.Len()-1).Stop
		for start := first; start <= last; start++ {
			for stop := start; stop <= last; stop++ {
				seg := text.NewSegment(start, stop)
				if want, got := goldmark.Value(seg), ours.Value(seg); !bytes.Equal(got, want) {
					t.Fatalf("%q: Value(%d, %d) = %q, want %q", b.src, start, stop, got, want)
				}
			}
		}
	}
}
