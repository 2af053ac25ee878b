package index

import "github.com/yuin/goldmark/ast"

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
func Headings(body string) []Heading {
	md, _ := boundNesting([]byte(body))
	root := parseMarkdown(md)
	blocks := topBlocks(root, newBodyLines(body))
	texts, anchors := headingLabels(root, md)
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
	slugs := newSlugger()
	texts, anchors = map[ast.Node]string{}, map[ast.Node]string{}
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		if h, ok := n.(*ast.Heading); ok {
			t := inlineText(h, src)
			texts[h] = t
			anchors[h] = slugs.next(t)
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	return texts, anchors
}
