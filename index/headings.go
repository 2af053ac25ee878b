package index

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Heading is a heading written at the top level of a document body, as a
// reader sees it: every level, whether or not it opens a section of the
// index (sections are cut at H2 and H3 only, long ones split and short ones
// merged into the previous one; see the package documentation).
type Heading struct {
	Level  int    // 1 to 6
	Text   string // as the sections' headings: inline Markdown as text
	Anchor string // unique within the document, as the sections' anchors
	Line   int    // 0-based line of the body
}

// Headings lists the top-level headings of body (the Markdown after the
// frontmatter, as Document.Body), ATX and setext, in order. Headings inside
// code blocks, HTML blocks and comments, lists or quotes are not listed:
// they are not where the document's parts begin. It parses body as Parse
// does, with the same bounds.
//
// Only the headings' own text is parsed inline: block structure does not
// depend on inline content, and the inline parse of a long paragraph is
// what made a page of 100,000 wiki-links take 11 to 14 s to outline on
// every get-page (goldmark's link parser reads the whole paragraph from
// each bracket).
//
// Lines indented deeper than any block can open are parsed indented to
// maxIndentColumn only (boundIndent): goldmark reads a line's indentation
// once for every open list, item and quote, so a nested list thousands of
// levels deep (lines of thousands of blanks under dozens of open blocks)
// cost seconds on every get-page.
func Headings(body string) []Heading {
	md, _ := boundNesting([]byte(body))
	return headingsIn(boundIndent(md))
}

// headingsIn is Headings of the body md, bounded for the parse: md has
// the body's lines (the same number, each blank or not as the body's).
func headingsIn(md []byte) []Heading {
	md, pc := refRunsContext(md)
	root := blockParser.Parse(text.NewReader(md), parser.WithContext(pc))
	blocks := topBlocks(root, newBodyLines(string(md)))
	refs := pc.References() // a heading may name one: ## [text][ref]
	texts, anchors := headingLabelsWith(root, md, func(h ast.Node, src []byte) string { return headingText(h, src, refs) })
	var out []Heading
	for _, b := range blocks {
		if b.level == 0 {
			continue
		}
		out = append(out, Heading{Level: b.level, Text: texts[b.node], Anchor: anchors[b.node], Line: b.start})
	}
	return out
}

// headingLabels gives every heading of the document (nested ones too, so
// that the numbering of repeated anchors is GitHub's) its text and unique
// anchor, in document order.
func headingLabels(root ast.Node, src []byte) (texts, anchors map[ast.Node]string) {
	return headingLabelsWith(root, src, inlineText)
}

// headingLabelsWith is headingLabels with the text of each heading given by
// textOf.
func headingLabelsWith(root ast.Node, src []byte, textOf func(ast.Node, []byte) string) (texts, anchors map[ast.Node]string) {
	return sluggedLabels(root, src, textOf, newSlugger())
}

// sluggedLabels is headingLabelsWith taking the anchors from slugs, which
// may have handed out those of headings before root's (another piece of
// the body).
func sluggedLabels(root ast.Node, src []byte, textOf func(ast.Node, []byte) string, slugs *slugger) (texts, anchors map[ast.Node]string) {
	texts, anchors = map[ast.Node]string{}, map[ast.Node]string{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if h, ok := n.(*ast.Heading); ok {
			t, id := textOf(h, src), ""
			if endsWithAttrs(lastLine(h, src)) {
				t, id = splitHeadingAttrs(t)
			}
			texts[h] = t
			if id != "" {
				anchors[h] = slugs.take(id)
			} else {
				anchors[h] = slugs.next(t)
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return texts, anchors
}

// blockParser finds the blocks of a body as markdownParser does (the same
// block parsers, MkDocs admonitions included, and paragraph transformers,
// tables included) without parsing their inline content: each line stays
// plain text. Its indented code block parser tells containerOrCodeCut how
// far a block reached (reachingCodeBlockParser).
var blockParser = func() parser.Parser {
	p := parser.NewParser(
		parser.WithBlockParsers(reachingBlockParsers()...),
		parser.WithBlockParsers(admonitionBlockParser),
		parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...),
		parser.WithParagraphTransformers(util.Prioritized(extension.NewTableParagraphTransformer(), 200)),
	)
	return p
}()

// headingText is the text of heading h of a body parsed by blockParser, as
// inlineText gives it from a full parse: its lines are parsed again, alone,
// as the same kind of heading, with the body's link reference definitions
// refs.
func headingText(h ast.Node, src []byte, refs []parser.Reference) string {
	lines := h.Lines()
	var raw bytes.Buffer
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		raw.Write(seg.Value(src))
	}
	content := bytes.TrimRight(raw.Bytes(), "\n")
	var again []byte
	if lines.Len() <= 1 && !bytes.ContainsAny(content, "\n") {
		// ATX: one line, with a closing # of our own, so that one the
		// text ends with stays text (a setext heading "0 #" was "0").
		again = append(append([]byte("# "), content...), " #"...)
	} else {
		again = append(append([]byte{}, content...), "\n===\n"...) // setext
	}
	pc := parser.NewContext()
	for _, r := range refs {
		pc.AddReference(r)
	}
	root := markdownParser.Parse(text.NewReader(again), parser.WithContext(pc))
	if n, ok := root.FirstChild().(*ast.Heading); ok {
		return inlineText(n, again)
	}
	return inlineText(h, src) // not one heading again: the plain text
}

// lastLine is the source of the last line of heading h in src, as written.
func lastLine(h ast.Node, src []byte) string {
	lines := h.Lines()
	if lines.Len() == 0 {
		return ""
	}
	seg := lines.At(lines.Len() - 1)
	return string(seg.Value(src))
}

// maxIndentColumn is the widest indentation Headings parses. No block opens
// or ends on a line indented this far: list items, quotes and admonitions
// open at most at column maxMarkerColumn (boundNesting), their content at
// most 14 columns further (a nine-digit number, its '.' and four blanks),
// and a heading, fence, HTML block or list marker is indented at most three
// columns more. Such a line only goes on the paragraph, code or HTML block
// it is in, whatever its indentation beyond that.
const maxIndentColumn = 2 * maxMarkerColumn

// boundIndent returns md with the indentation of every line indented
// beyond maxIndentColumn cut to maxIndentColumn spaces (boundIndentCuts);
// md itself when none is. The lines stay the same, each as blank as it
// was; only their offsets move.
func boundIndent(md []byte) []byte {
	out, _ := boundIndentCuts(md, maxIndentColumn)
	return out
}
