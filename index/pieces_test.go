package index

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// pieceCases are bodies whose heading-like lines are not all places to cut
// (code, HTML, lists, quotes) or whose pieces depend on one another
// (reference definitions, repeated anchors, H3 paths under an H2).
var pieceCases = map[string]string{
	"fence":               "# T\n\n## A\n\n```md\n# not a heading\n## nor this\n```\n\n## B\ntext\n",
	"tilde fence in list": "## A\n\n- item\n\n  ~~~\n# heading ends the list\n  ~~~\n\n## B\n",
	"html block":          "## A\n\n<div>\n# inside html\n</div>\n\n## B\n\n<!--\n# in a comment\n\n# still\n-->\n## C\n",
	"refs after use":      "## A\n\nSee [the guide][g] and [other].\n\n## B\n\n[g]: guide.md\n[other]: other.md \"Title\"\n\n## C\n[g]: later.md\n",
	"repeated anchors":    "## Usage\n\n### Usage\n\n## Usage\n\n### Step\n\n## Other\n\n### Step\n",
	"setext and quotes":   "Title\n=====\n\n> quote\n# ends the quote\n\nPara\n## interrupts\n\n    # indented code\n\n## [[wiki]] and [x](y.md)\n",
	"html title":          "<h1 align=\"center\">Project</h1>\n\n## A\n\n## B\n",
	"title only":          "# ADR 1\n## Status\nAccepted\n",
	"list items":          "## A\n\n- a [[x]]\n- b\n  - *c*\n\n  more\n- d\nlazy\n1. e\n\n## B\n",
}

// TestPiecesParseAsWhole parses documents cut at every place pieces allows
// and whole, and wants the same document: pieces change memory, not
// results.
func TestPiecesParseAsWhole(t *testing.T) {
	check := func(t *testing.T, name string, src []byte) {
		t.Helper()
		whole, wholeWarns := parsePieces(name, "docs", src, math.MaxInt)
		cut, cutWarns := parsePieces(name, "docs", src, 1)
		if !reflect.DeepEqual(whole, cut) {
			t.Errorf("%s: parsed in pieces differs from parsed whole:\nwhole: %+v\npieces: %+v", name, whole, cut)
		}
		if !reflect.DeepEqual(wholeWarns, cutWarns) {
			t.Errorf("%s: warnings differ: %v, %v", name, wholeWarns, cutWarns)
		}
	}
	for name, src := range pieceCases {
		check(t, name, []byte(src))
		if ps, _ := pieces([]byte(src), 1, maxBlockBytes); name != "title only" && len(ps) < 2 {
			t.Errorf("%s: not cut (%d pieces)", name, len(ps))
		}
	}
	for _, c := range pathoCases {
		check(t, c.name, c.gen(20_000))
	}
	var files []string
	for _, dir := range []string{corpusDir(t, "taskflow-docs"), corpusDir(t, "unified-blueprint-docs"), filepath.Join("..", "docs")} {
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 30 {
		t.Fatalf("found %d Markdown files to parse, want the corpora's and docs/", len(files))
	}
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		check(t, p, src)
	}
}
