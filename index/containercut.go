package index

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// A top-level list item or block quote is one top-level block, which
// pieces cannot cut before; one longer than maxBlockBytes would be parsed
// whole (a 5 MiB quote of "> *a* [[w]] text" lines peaked at 1.1 GB). It is
// split at the end of a line of a paragraph inside it (containerCut), and
// the piece after the cut starts with a stand-in: the paragraph's last line
// before the cut, written over (in a copy of the body, an overlay) with
// the markers that open the same quotes and list items at the same columns
// and some text. The lines after the cut then parse as they do in the
// whole: inside the same containers, after a paragraph. Emphasis and links
// across the cut are lost; Parse warns. A single line that long is split
// in the middle, after a space (lineContainerCut): the stand-in is written
// over the bytes just before the cut on that line, the markers and "x ",
// so the rest of the line goes on a paragraph in the same containers. A
// container whose innermost open
// block is a code block (a 5 MiB fence of blank lines in a list item
// peaked at 1.7 GB) is split at a line of the code, the piece after
// starting with a stand-in that opens the same containers and a code block
// of the same kind (codeStandIn); code holds no links, so nothing is lost.
// An HTML block, top-level or in a container, is split at a line of it
// the same way, the stand-in opening an HTML block of the same kind
// (htmlStandIn). An MkDocs admonition (admonitionBlock), top-level or in
// a container, is a container too: the stand-in starts with a marker line
// for each admonition open at the cut, the lines after it being indented
// four columns more.

// maxStandInIndent is the deepest indentation of a list marker the
// stand-in may write (more would be code).
const maxStandInIndent = 3

// containerCutTries is how many lines containerCut is tried at, one after
// another, before pieces tries again twice as far.
const containerCutTries = 16

// containerCut reports whether the piece read from from (start, less its
// stand-in) may be cut at the line starting at at: md[from:at], parsed
// for blocks, ends in a top-level block quote or list, the blocks open at
// its end are block quotes and list items, the innermost one ending in a
// paragraph whose last line ends at at. It returns the stand-in that the
// piece from at starts with (in place of that line) and the link reference
// definitions before at. inside is set when md[from:at] ends in a block
// quote or list item, where a later line may do. top is where the
// top-level list item, block quote or admonition split begins (in md,
// from on: before the piece's start when its stand-in opened it), or -1.
func containerCut(md []byte, from, at int) (standIn []byte, refs []parser.Reference, inside bool, top int) {
	standIn, refs, inside, _, top = containerOrCodeCut(md, from, at)
	return standIn, refs, inside, top
}

// containerOrCodeCut is containerCut, also cutting a code block or an HTML
// block, at the top level or in list items and block quotes, at a line of
// it (code is set then): the stand-in opens the same containers and a
// block of the same kind; neither holds links, and nothing is lost. top is
// -1 for a top-level code or HTML block.
func containerOrCodeCut(md []byte, from, at int) (standIn []byte, refs []parser.Reference, inside, code bool, top int) {
	pc := parser.NewContext()
	var reach codeReach
	pc.Set(codeReachKey, &reach)
	root := blockParser.Parse(readerAt(md, from, at), parser.WithContext(pc))
	// prefix opens the containers on the stand-in's last line, cont
	// continues them on a later line, and head is the stand-in's lines
	// before its last: one an admonition's marker opens. afterMarker is
	// set when prefix ends in a list item's marker (an admonition's
	// content or a quote's opens none).
	var prefix, cont, head []byte
	afterMarker := false
	n := root.LastChild()
	top = topContainer(n)
	for depth := 0; ; depth++ {
		switch b := n.(type) {
		case *ast.Blockquote:
			prefix = append(prefix, "> "...)
			cont = append(cont, "> "...)
			afterMarker = false
			n = b.LastChild()
			continue
		case *admonitionBlock:
			head = append(append(head, prefix...), "!!! x\n"...)
			cont = append(cont, "    "...)
			prefix = bytes.Clone(cont)
			afterMarker = false
			n = b.LastChild()
			continue
		case *ast.List:
			item, ok := b.LastChild().(*ast.ListItem)
			if !ok {
				return nil, nil, depth > 0, false, top
			}
			marker, ok := listMarker(b, item.Offset)
			if !ok {
				return nil, nil, depth > 0, false, top
			}
			prefix = append(prefix, marker...)
			cont = append(cont, bytes.Repeat([]byte{' '}, len(marker))...)
			afterMarker = true
			n = item.LastChild()
			continue
		case *ast.Paragraph, *ast.TextBlock: // a paragraph of a tight list
			if depth == 0 {
				return nil, nil, false, false, top // a top-level paragraph: hardCut's
			}
			lines := b.Lines()
			if lines.Len() == 0 || lines.At(lines.Len()-1).Stop < at-1 {
				return nil, nil, true, false, top
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			if md[at-1] != '\n' {
				return nil, nil, true, false, top // code is cut between its lines only
			}
			standIn, ok := codeStandIn(md, b, reach.end(b), prefix, afterMarker, at)
			standIn = append(head, standIn...)
			if !ok || at-len(standIn) <= from {
				return nil, nil, true, false, top
			}
			return standIn, pc.References(), true, true, top
		case *ast.HTMLBlock:
			if md[at-1] != '\n' {
				return nil, nil, true, false, top // HTML is cut between its lines only
			}
			standIn, ok := htmlStandIn(b, prefix, at)
			standIn = append(head, standIn...)
			if !ok || at-len(standIn) <= from {
				return nil, nil, true, false, top
			}
			return standIn, pc.References(), true, true, top
		default:
			return nil, nil, depth > 0, false, top
		}
		break
	}
	line := bytes.LastIndexByte(md[:at-1], '\n') + 1
	if md[at-1] != '\n' {
		// In the middle of a line: the stand-in goes on that line, and
		// the text at at goes on the paragraph it starts.
		standIn = append(append(head, prefix...), "x "...)
		if at-len(standIn) < max(line, from+1) {
			return nil, nil, true, false, top
		}
		return standIn, pc.References(), true, false, top
	}
	if line-len(head) < from || at-line < len(prefix)+2 {
		return nil, nil, true, false, top
	}
	standIn = append(append(head, prefix...), bytes.Repeat([]byte{'x'}, at-line-len(prefix)-1)...)
	return append(standIn, '\n'), pc.References(), true, false, top
}

// lineContainerCut finds where to cut the piece read from from, longer
// than hard bytes when it takes the line [off, next), in that line, when
// the line is that long and goes on a paragraph inside a top-level list
// item or block quote (containerCut): a place after a space, the stand-in
// there being the markers opening the same containers and some text on
// the same line, so that the rest of the line goes on a paragraph as in
// the whole. It returns the place, the stand-in, the link reference
// definitions before it and where the container split begins (top).
func lineContainerCut(md []byte, from, off, next, hard int) (int, []byte, []parser.Reference, int, bool) {
	tries := 0
	for at := max(off+1, from+hard); tries < hardCutTries && at < next; at++ {
		if (md[at-1] != ' ' && md[at-1] != '\t') || md[at] == ' ' || md[at] == '\t' || md[at] == '\n' {
			continue
		}
		tries++
		standIn, refs, inside, top := containerCut(md, from, at)
		if standIn != nil {
			return at, standIn, refs, top, true
		}
		if !inside {
			break
		}
	}
	return 0, nil, nil, -1, false
}

// topContainer is where n, the last top-level block of a parse, begins
// when it is a block quote or admonition, or the last item of n when n is
// a list; -1 for other blocks.
func topContainer(n ast.Node) int {
	switch b := n.(type) {
	case *ast.Blockquote, *admonitionBlock:
		return blockOffset(b)
	case *ast.List:
		if item := b.LastChild(); item != nil {
			return blockOffset(item)
		}
	}
	return -1
}

// codeStandIn is the stand-in for a cut at the line starting at at
// inside code block b, the innermost block of the containers that prefix
// opens (afterMarker: prefix ends in a list item's marker), whose lines
// reached end, or false when b does not reach at or prefix cannot open
// code: the containers' markers,
// then the fence that opened b (the same character and length, so the
// same line closes it) or four spaces and text for indented code. It is
// written over the bytes before at, whatever lines they were (a stand-in
// may take the place of several blank lines): no part of the piece after
// the cut is read from it.
func codeStandIn(md []byte, b ast.Node, end int, prefix []byte, afterMarker bool, at int) ([]byte, bool) {
	if end < at {
		return nil, false
	}
	standIn := bytes.Clone(prefix)
	if _, ok := b.(*ast.FencedCodeBlock); ok {
		fence, ok := openingFence(md, b.Pos())
		if !ok {
			return nil, false
		}
		standIn = append(standIn, fence...)
	} else {
		// Code right after a list marker followed by more than one space
		// would move the item's content column (a marker and five spaces
		// or more is followed by code one column after it). After an
		// admonition's indentation, with no marker on the line, it is
		// code four columns in, as in the whole.
		if n := len(prefix); afterMarker && n >= 2 && prefix[n-1] == ' ' && prefix[n-2] == ' ' {
			return nil, false
		}
		standIn = append(standIn, "    x"...)
	}
	return append(standIn, '\n'), true
}

// codeReachKey holds, in the context of a parse by blockParser, the
// codeReach that its indented code block parser fills in.
var codeReachKey = parser.NewContextKey()

// codeReach is the last indented code block closed in a parse and where
// its lines reached before its trailing blank lines were trimmed: a cut
// among the blank lines ending a parse (in the whole, more code may
// follow them) is inside that block, which was open on them.
type codeReach struct {
	node ast.Node
	stop int
}

// end is where the lines of code block b reached: its last line's end,
// or that of the blank lines after it the parse closed it on.
func (r *codeReach) end(b ast.Node) int {
	end := -1
	if lines := b.Lines(); lines.Len() > 0 {
		end = lines.At(lines.Len() - 1).Stop
	}
	if r.node == b {
		end = max(end, r.stop)
	}
	return end
}

// reachingCodeBlockParser is goldmark's indented code block parser, that
// fills in the codeReach a parse's context holds before it closes a block
// (and trims its trailing blank lines).
type reachingCodeBlockParser struct{ parser.BlockParser }

// Close implements parser.BlockParser.
func (p reachingCodeBlockParser) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	if r, ok := pc.Get(codeReachKey).(*codeReach); ok {
		if lines := node.Lines(); lines.Len() > 0 {
			*r = codeReach{node: node, stop: lines.At(lines.Len() - 1).Stop}
		}
	}
	p.BlockParser.Close(node, reader, pc)
}

// reachingBlockParsers are goldmark's default block parsers, the indented
// code block parser a reachingCodeBlockParser.
func reachingBlockParsers() []util.PrioritizedValue {
	ps := parser.DefaultBlockParsers()
	code := parser.NewCodeBlockParser()
	for i, p := range ps {
		if p.Value == code {
			ps[i].Value = reachingCodeBlockParser{code}
		}
	}
	return ps
}

// htmlOpeners are lines that open an HTML block of each kind (CommonMark's
// seven start conditions; 7 ends as 6 does, at a blank line) and do not
// close it.
var htmlOpeners = map[ast.HTMLBlockType]string{
	ast.HTMLBlockType1: "<pre>",
	ast.HTMLBlockType2: "<!--",
	ast.HTMLBlockType3: "<?",
	ast.HTMLBlockType4: "<!X",
	ast.HTMLBlockType5: "<![CDATA[",
	ast.HTMLBlockType6: "<div>",
	ast.HTMLBlockType7: "<div>",
}

// htmlStandIn is the stand-in for a cut at the line starting at at inside
// HTML block b, the innermost block of the containers that prefix opens,
// or false when b does not reach at (its closing line is none of its
// lines): the containers' markers, then a line opening an HTML block of
// the same kind, so that the same line closes it. Like codeStandIn's, it
// is written over the bytes before at.
func htmlStandIn(b *ast.HTMLBlock, prefix []byte, at int) ([]byte, bool) {
	lines := b.Lines()
	opener, ok := htmlOpeners[b.HTMLBlockType]
	if !ok || lines.Len() == 0 || lines.At(lines.Len()-1).Stop < at {
		return nil, false
	}
	standIn := append(bytes.Clone(prefix), opener...)
	return append(standIn, '\n'), true
}

// openingFence is the fence (``` or ~~~, three or more) that the line of
// a fenced code block opening at pos starts with, after its indentation.
func openingFence(md []byte, pos int) ([]byte, bool) {
	if pos < 0 || pos >= len(md) {
		return nil, false
	}
	i := pos
	for i < len(md) && (md[i] == ' ' || md[i] == '\t') {
		i++
	}
	j := i
	for j < len(md) && (md[j] == '`' || md[j] == '~') && md[j] == md[i] {
		j++
	}
	if j-i < 3 {
		return nil, false
	}
	return md[i:j], true
}

// listMarker is a marker of list l that opens an item whose content starts
// offset columns after it starts (ast.ListItem.Offset): the list's bullet,
// or "1" and its delimiter, indented and followed by spaces.
func listMarker(l *ast.List, offset int) ([]byte, bool) {
	marker := []byte{l.Marker}
	if l.IsOrdered() {
		marker = []byte{'1', l.Marker}
	}
	// A marker is followed by one to four spaces (five or more: the item's
	// content is code, one column after the marker).
	indent := max(0, offset-len(marker)-4)
	spaces := offset - len(marker) - indent
	if indent > maxStandInIndent || spaces < 1 {
		return nil, false
	}
	out := bytes.Repeat([]byte{' '}, indent)
	out = append(out, marker...)
	return append(out, bytes.Repeat([]byte{' '}, spaces)...), true
}

// overlay is a copy of a body with at most one region written over: the
// stand-in a piece after a split container starts with. Beyond the region
// it reads as the body.
type overlay struct {
	body, buf []byte
	at, end   int // the region written over: buf[at:end]
}

// with returns the body with b written at at (the body itself when b is
// empty), the region written before restored.
func (o *overlay) with(at int, b []byte) []byte {
	if len(b) == 0 {
		return o.body
	}
	if o.buf == nil {
		o.buf = bytes.Clone(o.body)
	} else {
		copy(o.buf[o.at:o.end], o.body[o.at:o.end])
	}
	copy(o.buf[at:], b)
	o.at, o.end = at, at+len(b)
	return o.buf
}
