package index

import (
	"regexp"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// MkDocs (Python-Markdown's admonition, pymdownx's details and tabbed
// extensions) writes a note, a collapsible block or a content tab as a
// marker line and content indented by four spaces:
//
//	!!! note "Optional title"
//
//	    Markdown, with [links](other.md).
//
// For CommonMark that content is an indented code block, so its links were
// lost (63 links of the uv documentation). admonitionParser reads such a
// block as a container of Markdown, as MkDocs renders it: code inside it is
// fenced or indented four spaces more.

// KindAdmonition is the kind of an admonition block.
var KindAdmonition = ast.NewNodeKind("Admonition")

// admonitionBlock is an MkDocs admonition, collapsible block or content
// tab: its children are the content's blocks.
type admonitionBlock struct {
	ast.BaseBlock
}

// Kind implements ast.Node.
func (n *admonitionBlock) Kind() ast.NodeKind { return KindAdmonition }

// Dump implements ast.Node.
func (n *admonitionBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// admonitionMarkerRE is a marker line (after at most three spaces):
// "!!! type", "??? type", "???+ type", each with an optional quoted title,
// or '=== "Tab title"' ("===+", "===!", "===+!": pymdownx.tabbed).
var admonitionMarkerRE = regexp.MustCompile(
	`^(?:(?:!!!|\?\?\?\+?) ?[\p{L}\p{N}_-]+(?: +[\p{L}\p{N}_-]+)*(?: +".*")?|===(?:\+!?|!\+?)? +".*") *$`)

// admonitionParser is the goldmark block parser of admonitionBlock.
type admonitionParser struct{}

func (admonitionParser) Trigger() []byte { return []byte{'!', '?', '='} }

func (admonitionParser) Open(_ ast.Node, reader text.Reader, _ parser.Context) (ast.Node, parser.State) {
	line, _ := reader.PeekLine()
	w, pos := util.IndentWidth(line, reader.LineOffset())
	if w > 3 || !admonitionMarkerRE.Match(util.TrimRightSpace(line[pos:])) {
		return nil, parser.NoChildren
	}
	reader.AdvanceToEOL() // the marker line is no content
	return &admonitionBlock{}, parser.HasChildren
}

// Continue keeps a line indented four columns (a blank one too) or blank.
// It reads no more of the line than it needs: goldmark continues every
// open block on every line, so scanning a line's whole indentation at
// each of n nested admonitions made a deep nest cost the cube of n.
func (admonitionParser) Continue(_ ast.Node, reader text.Reader, _ parser.Context) parser.State {
	line, _ := reader.PeekLine()
	if indentedFour(line, reader.LineOffset()) {
		pos, padding := util.IndentPosition(line, reader.LineOffset(), 4)
		reader.AdvanceAndSetPadding(pos, padding)
		return parser.Continue | parser.HasChildren
	}
	if util.IsBlank(line) { // less than four columns of blanks: short
		reader.AdvanceToEOL()
		return parser.Continue | parser.HasChildren
	}
	return parser.Close
}

// indentedFour reports whether line, starting at column offset, opens with
// at least four columns of spaces and tabs, reading at most four bytes.
func indentedFour(line []byte, offset int) bool {
	w := 0
	for _, c := range line {
		switch c {
		case ' ':
			w++
		case '\t':
			w += util.TabWidth(offset + w)
		default:
			return false
		}
		if w >= 4 {
			return true
		}
	}
	return false
}

func (admonitionParser) Close(ast.Node, text.Reader, parser.Context) {}

// CanInterruptParagraph: Python-Markdown finds a marker anywhere in a block.
func (admonitionParser) CanInterruptParagraph() bool { return true }

func (admonitionParser) CanAcceptIndentedLine() bool { return false }

// admonitionBlockParser is admonitionParser with its priority among
// goldmark's block parsers: after the fenced code block's (700), before
// the block quote's (800), the HTML block's and the paragraph's.
var admonitionBlockParser = util.Prioritized(admonitionParser{}, 750)
