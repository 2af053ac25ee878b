package index

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// maxPieceBytes is about how much of a body goldmark parses at once. A
// longer body is parsed in pieces, cut before top-level blocks (and
// top-level list items), so that goldmark's tree (some 100 bytes a node,
// several nodes a line) is never that of the whole file: a 5 MB file of
// 380,000 headings took 800 MB, one list of 500,000 items 1.2 GB.
// Sections, links and lines are those of one parse of the whole body.
const maxPieceBytes = 64 << 10

// maxBlockBytes is how long a top-level paragraph or table may grow in one
// piece: goldmark parses a block's inline content at once, holding a node
// for every delimiter, emphasis and link of it (a 5 MB paragraph of "*a* "
// took 1.3 GB), so a longer one is cut, between its lines or, in a single
// line, after a space, and parsed in parts (hardCut). Emphasis and links
// that cross a cut are lost, and the rows of a table after its first part
// read as text; Parse warns.
const maxBlockBytes = 256 << 10

// piece is the byte range [start, end) of the body parsed on its own.
// cont is set when the piece starts inside a block of the previous one (a
// list item after the list's first, a part of a long paragraph or table,
// of a long list item or block quote): its first top-level block is no
// block of its own. hard is set when that block was cut where a parse of
// the whole would not have (hardCut). standIn, set for a piece that goes
// on a list item or block quote split by containerCut, is read in place
// of the bytes before start (the line before the cut).
type piece struct {
	start, end int
	cont, hard bool
	standIn    []byte
	// code is set when the stand-in opens a code block or an HTML block
	// split at a line of it (at the top level or in a list item or block
	// quote): nothing is lost there, and Parse does not warn.
	code bool
	// container, for a piece with a stand-in, is the body offset where
	// the top-level list item, block quote or admonition it goes on
	// begins (the same for every piece of one container, so that Parse
	// counts its parts), or -1 for a top-level code or HTML block.
	container int
}

// from is where the piece is read from: its start, less its stand-in.
func (p piece) from() int { return p.start - len(p.standIn) }

// pieces cuts md into pieces of about size bytes, and returns them with
// the link reference definitions of the whole of md (a piece may use one
// written in another). A cut is made before a line that, parsed from the
// previous cut (blocks only, no inline content), starts the last
// top-level block or the last item of a top-level list: every block
// before it is then closed, so each piece parses as it does within the
// whole. Candidates that fail (a line in a fenced code block, an HTML
// block, a paragraph) are tried at doubling distances, so the blocks-only
// parses read md at most about twice. A top-level paragraph or table
// longer than maxBlockBytes (hard, at least) is cut too (hardCut).
func pieces(md []byte, size, hard int) ([]piece, []parser.Reference) {
	if len(md) <= size {
		return []piece{{start: 0, end: len(md)}}, nil
	}
	var out []piece
	var refs []parser.Reference
	// src is md read with the stand-in of the current piece, if any.
	ov := overlay{body: md}
	src := md
	start, reach, hardReach, tries := 0, size, hard, 0
	cont, wasHard, code, container := false, false, false, -1
	var standIn []byte
	// cut ends the piece at at; top is where the container the next
	// piece goes on begins in src (-1: none), before start when the
	// stand-in of this piece opened it.
	cut := func(at int, r []parser.Reference, c, h bool, si []byte, inCode bool, top int) {
		out = append(out, piece{start: start, end: at, cont: cont, hard: wasHard, standIn: standIn, code: code, container: container})
		if top >= 0 && top < start && container >= 0 {
			top = container
		}
		refs = append(refs, r...)
		start, reach, hardReach, tries, cont, wasHard, standIn, code, container = at, size, hard, 0, c, h, si, inCode, top
		src = ov.with(at-len(si), si)
	}
	for off := 0; off < len(md); {
		eol := bytes.IndexByte(md[off:], '\n')
		next := len(md)
		if eol >= 0 {
			next = off + eol + 1
		}
		from := start - len(standIn)
		if off-start >= reach && off > start && blockLine(md[off:next]) {
			if r, c, ok := cutBefore(src, from, off, next); ok {
				cut(off, r, c, false, nil, false, -1)
			} else {
				reach = 2 * (off - start)
			}
		}
		if next-start > hardReach {
			if at, r, ok := hardCut(src, from, off, next, hard); ok {
				cut(at, r, true, true, nil, false, -1)
				off = at
				continue
			}
			if at, si, r, top, ok := lineContainerCut(src, from, off, next, hard); ok {
				cut(at, r, true, false, si, false, top)
				off = at
				continue
			}
			hardReach = 2 * (next - start)
			if off-start >= hard/2 {
				si, r, inside, inCode, top := containerOrCodeCut(src, from, off)
				if si != nil {
					cut(off, r, true, false, si, inCode, top)
					continue
				}
				if tries++; inside && tries < containerCutTries {
					hardReach = next - start // the next line may do
				}
			}
		}
		off = next
	}
	if len(out) == 0 {
		return []piece{{start: 0, end: len(md)}}, nil
	}
	pc := parser.NewContext()
	blockParser.Parse(readerAt(src, start-len(standIn), len(md)), parser.WithContext(pc))
	out = append(out, piece{start: start, end: len(md), cont: cont, hard: wasHard, standIn: standIn, code: code, container: container})
	return out, append(refs, pc.References()...)
}

// cutBefore parses md[start:next] (next ends the line at off) for blocks
// and reports whether its last top-level block, or the last item of its
// last top-level block, a list, starts at off (cont: the list goes on),
// with the link reference definitions before it.
func cutBefore(md []byte, start, off, next int) (refs []parser.Reference, cont, ok bool) {
	pc := parser.NewContext()
	root := blockParser.Parse(readerAt(md, start, next), parser.WithContext(pc))
	last := root.LastChild()
	if last == nil {
		return nil, false, false
	}
	if blockOffset(last) == off {
		return pc.References(), false, true
	}
	if l, ok := last.(*ast.List); ok && l.LastChild() != nil && blockOffset(l.LastChild()) == off {
		return pc.References(), true, true
	}
	return nil, false, false
}

// hardCutTries is how many places hardCut tries in one line.
const hardCutTries = 16

// hardCut finds where to cut the piece from start, longer than hard bytes
// when it takes the line [off, next): the start of that line, or in a
// line that long a place after a space, inside a top-level paragraph or
// table (parsed for blocks from start) where the rest would start a
// paragraph of its own. It returns the place and the link reference
// definitions before it.
func hardCut(md []byte, start, off, next, hard int) (int, []parser.Reference, bool) {
	var cands []int
	if off-start >= hard/2 {
		cands = append(cands, off)
	}
	for at := max(off, start+hard); len(cands) < hardCutTries && at < next; at++ {
		if (md[at-1] == ' ' || md[at-1] == '\t') && md[at] != ' ' && md[at] != '\t' && md[at] != '\n' {
			cands = append(cands, at)
		}
	}
	for _, at := range cands {
		if refs, ok := insideText(md, start, at, hard/2); ok && startsParagraph(md, at) {
			return at, refs, true
		}
	}
	return 0, nil, false
}

// insideText reports whether md[start:at], parsed for blocks, ends in a
// top-level paragraph or table, at least long bytes long before at, that
// the text at at goes on, with the link reference definitions before at.
// (A short one after a long block, a list item or block quote split by
// containerCut, is left whole.)
func insideText(md []byte, start, at, long int) ([]parser.Reference, bool) {
	pc := parser.NewContext()
	root := blockParser.Parse(readerAt(md, start, at), parser.WithContext(pc))
	last := root.LastChild()
	if last == nil || at-blockOffset(last) < long {
		return nil, false
	}
	switch last := last.(type) {
	case *ast.Paragraph:
		lines := last.Lines()
		if lines.Len() == 0 || blockOffset(last) >= at {
			return nil, false
		}
		// The paragraph's last line reaches at (less its line end).
		if stop := lines.At(lines.Len() - 1).Stop; stop < at-1 {
			return nil, false
		}
	case *east.Table:
		if md[at-1] != '\n' || blockOffset(last) >= at {
			return nil, false
		}
	default:
		return nil, false
	}
	return pc.References(), true
}

// startsParagraph reports whether the text at at, read as the start of a
// line, starts a paragraph (not a heading, list, quote, code, HTML or
// link reference definition).
func startsParagraph(md []byte, at int) bool {
	end := min(len(md), at+1024)
	root := blockParser.Parse(readerAt(md, at, end))
	p, ok := root.FirstChild().(*ast.Paragraph)
	return ok && blockOffset(p) == at
}

// readHook, set by tests only, is called with the text of every parse
// readerAt hands goldmark.
var readHook func(text []byte)

// readerAt reads md[start:end] for goldmark with the offsets of md, so
// that the nodes' segments and positions are offsets of the whole body.
// goldmark never sees md beyond end: the value of a code line not ending
// in a newline (md cut in the middle of a line) gets one appended, which
// wrote into md[end] while the slice had room for it.
func readerAt(md []byte, start, end int) text.Reader {
	if readHook != nil {
		readHook(md[start:end])
	}
	r := text.NewReader(md[:end:end])
	if start > 0 {
		r.SetPosition(-1, text.NewSegment(start, start))
		r.AdvanceLine()
	}
	return r
}

// blockLine reports whether line may start a top-level block: it is not
// blank and not indented by four columns or more.
func blockLine(line []byte) bool {
	i := 0
	for i < 3 && i < len(line) && line[i] == ' ' {
		i++
	}
	return i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '\n' && line[i] != '\r'
}
