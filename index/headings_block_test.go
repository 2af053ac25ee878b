package index

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// fullHeadings is Headings from a full parse of the body (inline content
// too), as it was before: the oracle the block-only parse is held to.
func fullHeadings(body string) []Heading {
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

// TestHeadingsAsAFullParse: the headings of a block-only parse, their text
// parsed alone, are those of a full parse, on tricky headings and on every
// page of the repository's corpora.
func TestHeadingsAsAFullParse(t *testing.T) {
	bodies := map[string]string{
		"markup":     "# `code` **bold** _it_ [link](x.md) <b>html</b> \\*escaped\\* &amp; ~~gone~~\n\ntext\n",
		"closing":    "## Title ##\n\n### Hash # inside\n\n#### `#` code ##\n",
		"setext":     "Two line\nheading\n===\n\nAnother *one*\n---\n",
		"nested":     "# Same\n\n- # Same\n\n> ## Same\n\n## Same\n",
		"quote-like": "# > not a quote\n\n## 1. not a list\n\n## - not an item\n",
		"empty":      "#\n\n## \n\ntext\n",
		"japanese":   "# 概要（ＡＰＩ）\n\n## 「検索」の`仕組み`\n",
		"links":      "# [[wiki]] and [[t|depends_on]]\n\n## [ref][r]\n\n[r]: x.md\n",
		"dense":      "# D\n\n" + strings.Repeat("line [[t]] [x](y.md)\n", 2000) + "\n## After\n",
		"table":      "| a | b |\n|---|---|\n| 1 | 2 |\n\n## Below\n",
		"code":       "```\n# not a heading\n```\n\n    # indented code\n\n## Real\n",
		"html":       "<div>\n# inside html\n</div>\n\n## Out\n",
		"break":      "# a\\\nb\n\ntext\n",
	}
	for _, c := range []string{"taskflow-docs", "unified-blueprint-docs"} {
		root := corpusDir(t, c)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				if b, err := os.ReadFile(p); err == nil {
					bodies[c+"/"+filepath.Base(p)] = string(b)
				}
			}
			return nil
		})
	}
	if len(bodies) < 20 {
		t.Fatalf("only %d bodies", len(bodies))
	}
	for name, body := range bodies {
		if got, want := Headings(body), fullHeadings(body); !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n got %+v\nwant %+v", name, got, want)
		}
	}
}
