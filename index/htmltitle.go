package index

import (
	"html"
	"regexp"

	"github.com/yuin/goldmark/ast"
)

var (
	// htmlH1RE is an HTML block that opens with an <h1> element and closes it.
	htmlH1RE = regexp.MustCompile(`(?is)^\s*<h1(?:\s[^>]*)?>(.*?)</h1\s*>`)
	// htmlTagRE is a tag or a comment inside the heading; htmlBreakRE a
	// tag that breaks the text (a line break, a block) and so becomes a
	// space where others join their neighbours (<b>Jerry</b>'s).
	htmlTagRE   = regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`)
	htmlBreakRE = regexp.MustCompile(`(?i)^</?(br|p|div|hr|li|ul|ol|table|tr|td|th|img|picture|source)\b`)
)

// htmlTitle is the text of an <h1> written as HTML in the body's first
// block (<h1 align="center">My Project</h1>, as READMEs open), its tags
// stripped, its entities decoded and its white space folded; "" when the
// first block is none or the heading holds no text (a logo alone).
func htmlTitle(root ast.Node, body []byte) string {
	b, ok := root.FirstChild().(*ast.HTMLBlock)
	if !ok {
		return ""
	}
	var raw []byte
	lines := b.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		raw = append(raw, seg.Value(body)...)
	}
	if b.HasClosure() {
		raw = append(raw, b.ClosureLine.Value(body)...)
	}
	m := htmlH1RE.FindSubmatch(raw)
	if m == nil {
		return ""
	}
	return foldSpace(html.UnescapeString(htmlTagRE.ReplaceAllStringFunc(string(m[1]), tagGap)))
}

// tagGap is what a tag leaves in the heading's text.
func tagGap(tag string) string {
	if htmlBreakRE.MatchString(tag) {
		return " "
	}
	return ""
}
