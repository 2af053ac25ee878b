package index

import (
	"sort"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// inlineParsers are goldmark's inline parsers with the link parser wrapped
// in lineIndexedLinks.
func inlineParsers() []util.PrioritizedValue {
	ps := parser.DefaultInlineParsers()
	for i, p := range ps {
		if lp, ok := p.Value.(linkParser); ok && p.Priority == 200 {
			ps[i].Value = lineIndexedLinks{lp}
		}
	}
	return ps
}

// linkParser is goldmark's link parser: an inline parser that also closes
// the link openings left at the end of a block.
type linkParser interface {
	parser.InlineParser
	parser.CloseBlocker
}

// lineIndexedLinks is goldmark's link parser reading a block's text
// through lineIndexedReader. goldmark's block reader finds the line of a
// segment by walking back from the block's last line, and the link parser
// asks it for the text of every "[label]" that may be a reference: a
// paragraph of n lines with a link on each cost n² steps (1 MiB of
// "> [[w]] text" lines inside a quote, never cut: 16 s).
type lineIndexedLinks struct{ linkParser }

func (l lineIndexedLinks) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	return l.linkParser.Parse(parent, lineIndexedReader{block, parent.Lines()}, pc)
}

func (l lineIndexedLinks) CloseBlock(parent ast.Node, block text.Reader, pc parser.Context) {
	l.linkParser.CloseBlock(parent, lineIndexedReader{block, parent.Lines()}, pc)
}

// lineIndexedReader is the reader of a block whose lines are lines,
// finding the first line of a segment by binary search.
type lineIndexedReader struct {
	text.Reader
	lines *text.Segments
}

// Value is the text of seg as goldmark's block reader gives it: from
// seg.Start to seg.Stop across the block's lines, each line's padding
// (tab columns) written as spaces before its text.
func (r lineIndexedReader) Value(seg text.Segment) []byte {
	n := r.lines.Len()
	line := sort.Search(n, func(i int) bool { return r.lines.At(i).Start > seg.Start }) - 1
	if line < 0 {
		return r.Reader.Value(seg)
	}
	src := r.Source()
	ret := make([]byte, 0, seg.Stop-seg.Start+1)
	i := seg.Start
	for ; line < n; line++ {
		s := r.lines.At(line)
		if i < 0 {
			i = s.Start
		}
		ret = s.ConcatPadding(ret)
		for ; i < seg.Stop && i < s.Stop; i++ {
			ret = append(ret, src[i])
		}
		i = -1
		if s.Stop > seg.Stop {
			break
		}
	}
	return ret
}
