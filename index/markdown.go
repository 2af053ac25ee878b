package index

import (
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdownParser is shared: a goldmark parser holds no per-document state.
// Besides CommonMark and GFM it reads MkDocs admonitions and content tabs
// (admonitionParser).
// Its link parser finds the lines of a segment by binary search
// (lineIndexedLinks).
var markdownParser parser.Parser = goldmark.New(
	goldmark.WithParser(parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(inlineParsers()...),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
	)),
	goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList),
	goldmark.WithParserOptions(parser.WithBlockParsers(admonitionBlockParser)),
).Parser()

func parseMarkdown(body []byte) ast.Node {
	md, pc := refRunsContext(body)
	return markdownParser.Parse(text.NewReader(md), parser.WithContext(pc))
}

// parsePiece parses the piece p of md (md read with the piece's stand-in,
// if any), knowing the link reference definitions refs (those of the whole
// body).
func parsePiece(md []byte, p piece, refs []parser.Reference) ast.Node {
	pc := parser.NewContext()
	for _, r := range refs {
		pc.AddReference(r)
	}
	return markdownParser.Parse(readerAt(md, p.from(), p.end), parser.WithContext(pc))
}

// mdBlock is a top-level block of the body with its line range.
type mdBlock struct {
	node  ast.Node
	level int // heading level, 0 when not a heading
	start int // 0-based body line of the first line
	end   int // 0-based body line of the last non-blank line
	// heading is set for H2/H3 blocks (section boundaries).
	heading headingInfo
}

// topBlocks lists the top-level blocks with their line ranges. A block ends
// where the next one starts, less trailing blank lines, so every non-blank
// line of the body belongs to exactly one block (fence lines, link
// reference definitions and table rows included).
func topBlocks(root ast.Node, ls *bodyLines) []mdBlock {
	blocks := appendTopBlocks(nil, root.FirstChild(), ls)
	blockEnds(blocks, ls)
	return blocks
}

// appendTopBlocks appends the top-level blocks from first on, with their
// first lines, to blocks.
func appendTopBlocks(blocks []mdBlock, first ast.Node, ls *bodyLines) []mdBlock {
	for n := first; n != nil; n = n.NextSibling() {
		off := blockOffset(n)
		if off < 0 {
			continue // no position: its lines stay with the previous block
		}
		start := ls.lineOf(off)
		level := 0
		if h, ok := n.(*ast.Heading); ok {
			level = h.Level
		}
		if k := len(blocks); k > 0 && start <= blocks[k-1].start {
			// Cannot happen with goldmark's positions; keep lines monotonic.
			continue
		}
		blocks = append(blocks, mdBlock{node: n, level: level, start: start})
	}
	return blocks
}

// blockEnds sets the last line of every block: where the next one starts,
// less trailing blank lines.
func blockEnds(blocks []mdBlock, ls *bodyLines) {
	for i := range blocks {
		next := ls.count()
		if i+1 < len(blocks) {
			next = blocks[i+1].start
		}
		end := next - 1
		for end > blocks[i].start && ls.blank(end) {
			end--
		}
		blocks[i].end = end
	}
}

// blockOffset is the byte offset where block n starts, or -1.
func blockOffset(n ast.Node) int {
	if t, ok := n.(*east.Table); ok {
		// A table split off a paragraph carries the paragraph's position;
		// its header row knows the real one.
		if h := t.FirstChild(); h != nil && h.Pos() >= 0 {
			return h.Pos()
		}
	}
	if p := n.Pos(); p >= 0 {
		return p
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return n.Lines().At(0).Start
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if p := blockOffset(c); p >= 0 {
			return p
		}
	}
	return -1
}

// inlineText is the plain text of an inline container (heading, link):
// markup is dropped, escapes and entities are resolved, code spans keep
// their text, whitespace is collapsed.
func inlineText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := c.(*ast.Link); ok && c != n && insideWikiBrackets(l, src) {
			// The inside of a wiki-link [[a]] that a reference [a]
			// made a link: its brackets are text, as without it.
			if entering {
				b.WriteByte('[')
			} else {
				b.WriteByte(']')
			}
			return ast.WalkContinue, nil
		}
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.CodeSpan:
			for x := t.FirstChild(); x != nil; x = x.NextSibling() {
				if tx, ok := x.(*ast.Text); ok {
					b.Write(tx.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.Text:
			b.Write(unescapeMarkdown(t.Segment.Value(src)))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		case *ast.AutoLink:
			b.Write(t.Label(src))
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return strings.Join(strings.Fields(b.String()), " ")
}

// unescapeMarkdown resolves backslash escapes and character references.
func unescapeMarkdown(b []byte) []byte {
	return util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(b)))
}

// enclosingBlock is the nearest block node holding n.
func enclosingBlock(n ast.Node) ast.Node {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock {
			return p
		}
	}
	return nil
}
