package index

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// maxPieceBytes is about how much of a body goldmark parses at once. A
// longer body is parsed in pieces, cut before top-level ATX headings, so
// that goldmark's tree (some 100 bytes a node, several nodes a line) is
// never that of the whole file: a 5 MB file of 380,000 headings took
// 800 MB. Sections, links and lines are those of one parse of the whole
// body; a body with no such heading to cut at is parsed whole.
const maxPieceBytes = 64 << 10

// piece is the byte range [start, end) of the body parsed on its own.
type piece struct{ start, end int }

// pieces cuts md into pieces of about size bytes, and returns them with
// the link reference definitions of the whole of md (a piece may use one
// written in another). A cut is made only before a line that, parsed from
// the previous cut (blocks only, no inline content), is a top-level
// heading: every block before it is then closed, so each piece parses as
// it does within the whole. Candidates that fail (a heading-like line in
// a fenced code block, an HTML block, a list) are tried at doubling
// distances, so the blocks-only parses read md at most about twice.
func pieces(md []byte, size int) ([]piece, []parser.Reference) {
	if len(md) <= size {
		return []piece{{0, len(md)}}, nil
	}
	var out []piece
	var refs []parser.Reference
	start, reach := 0, size
	for off := 0; off < len(md); {
		eol := bytes.IndexByte(md[off:], '\n')
		next := len(md)
		if eol >= 0 {
			next = off + eol + 1
		}
		if off-start >= reach && atxHeadingLine(md[off:next]) {
			if r, ok := cutBefore(md, start, off, next); ok {
				out = append(out, piece{start, off})
				refs = append(refs, r...)
				start, reach = off, size
			} else {
				reach = 2 * (off - start)
			}
		}
		off = next
	}
	if len(out) == 0 {
		return []piece{{0, len(md)}}, nil
	}
	pc := parser.NewContext()
	blockParser.Parse(readerAt(md, start, len(md)), parser.WithContext(pc))
	out = append(out, piece{start, len(md)})
	return out, append(refs, pc.References()...)
}

// cutBefore parses md[start:next] (next ends the line at off) for blocks
// and reports whether its last top-level block is a heading starting at
// off, with the link reference definitions before it.
func cutBefore(md []byte, start, off, next int) ([]parser.Reference, bool) {
	pc := parser.NewContext()
	root := blockParser.Parse(readerAt(md, start, next), parser.WithContext(pc))
	h, ok := root.LastChild().(*ast.Heading)
	if !ok || blockOffset(h) < off {
		return nil, false
	}
	return pc.References(), true
}

// readerAt reads md[start:end] for goldmark with the offsets of md, so
// that the nodes' segments and positions are offsets of the whole body.
func readerAt(md []byte, start, end int) text.Reader {
	r := text.NewReader(md[:end])
	if start > 0 {
		r.SetPosition(-1, text.NewSegment(start, start))
		r.AdvanceLine()
	}
	return r
}

// atxHeadingLine reports whether line opens an ATX heading: up to three
// spaces, one to six '#', then a space, a tab or the line's end.
func atxHeadingLine(line []byte) bool {
	i := 0
	for i < 3 && i < len(line) && line[i] == ' ' {
		i++
	}
	n := 0
	for i < len(line) && line[i] == '#' {
		i++
		n++
	}
	if n == 0 || n > 6 {
		return false
	}
	return i == len(line) || line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\r'
}
