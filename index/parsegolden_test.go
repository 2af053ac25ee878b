package index

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var updateParseGolden = flag.Bool("update", false, "rewrite testdata/parse.golden from the current output")

// parseGoldenFile holds, for every page of ordinaryPages, a digest of what
// Parse makes of it.
const parseGoldenFile = "testdata/parse.golden"

// ordinaryPages are the pages whose index a change to the parser's bounds
// must leave byte for byte as it was: every page of the test corpora and
// of the search evaluation's docs, and generated pages of ordinary shapes
// (long lists, tables and lines, many headings, lists and quotes nested a
// few levels), each its name and content.
func ordinaryPages(t *testing.T) map[string][]byte {
	t.Helper()
	pages := map[string][]byte{}
	roots := map[string]string{
		"taskflow-docs":          corpusDir(t, "taskflow-docs"),
		"unified-blueprint-docs": corpusDir(t, "unified-blueprint-docs"),
		"eval-docs":              filepath.Join("..", "eval", "docs"),
	}
	for name, root := range roots {
		for rel, src := range markdownFiles(t, root) {
			pages[name+"/"+rel] = src
		}
	}
	for _, s := range ordinaryShapes {
		for _, size := range []int{4 << 10, 200 << 10} {
			pages[fmt.Sprintf("shape/%s/%dKiB", s.name, size>>10)] = pageOfShape(s.unit, size)
		}
	}
	return pages
}

// ordinaryShapes are page shapes found in real documents, repeated.
var ordinaryShapes = []struct {
	name string
	unit func(i int) string
}{
	{"mixed", func(i int) string {
		return fmt.Sprintf("## Part %d\n\nSome *text* with a [link](x%d.md) and [[wiki %d|depends_on]] and `code`.\n\n"+
			"- item\n  - nested [[n%d]]\n    1. deeper\n\n> quote [q](q.md)\n> > inner\n\n```go\n[[not a link]]\n```\n\n"+
			"| a | b |\n|---|---|\n| [[t%d]] | x |\n\nSetext %d\n---\n\n    indented code\n\n<div>\n[[html]]\n</div>\n\n", i, i, i, i, i, i)
	}},
	{"list", func(i int) string { return fmt.Sprintf("- item %d with [a link](p%d.md) and words\n", i, i%50) }},
	{"nested-list", func(i int) string { return strings.Repeat("  ", i%8) + fmt.Sprintf("- item %d [[w%d]]\n", i, i%20) }},
	{"nested-quotes", func(i int) string {
		return strings.Repeat("> ", i%5+1) + fmt.Sprintf("quoted %d [l](l%d.md)\n", i, i%20)
	}},
	{"table", func(i int) string {
		if i == 0 {
			return "| a | b | c |\n|---|---|---|\n"
		}
		return fmt.Sprintf("| cell %d | [l](x%d.md) | some more text |\n", i, i%50)
	}},
	{"one-line", func(i int) string { return fmt.Sprintf("word%d [[w%d]] ", i, i%10) }},
	{"headings", func(i int) string {
		return fmt.Sprintf("## Heading %d\n\n### Sub %d\n\nSome text with a [link](x%d.md).\n\n", i%100, i, i%50)
	}},
	{"admonitions", func(i int) string {
		return fmt.Sprintf("!!! note \"N%d\"\n    text [[a%d]]\n\n    ??? tip\n        more\n\n", i, i%10)
	}},
}

// parseDigest is the SHA-256 of all that Parse gives for a page: the
// document and its warnings.
func parseDigest(t *testing.T, name string, src []byte) string {
	t.Helper()
	doc, warns := Parse(name, src)
	b, err := json.Marshal(struct {
		Doc      *Document
		BodyLine int
		Warnings []Warning
	}{doc, doc.Frontmatter.BodyLine, warns})
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// TestParseGolden: Parse gives, byte for byte, the documents and warnings
// it gave when testdata/parse.golden was written, for every ordinary page
// (ordinaryPages). Bounds on pathological pages must not move them; a
// change that means to moves them with -update, and says why.
func TestParseGolden(t *testing.T) {
	pages := ordinaryPages(t)
	names := make([]string, 0, len(pages))
	for n := range pages {
		names = append(names, n)
	}
	sort.Strings(names)
	var got strings.Builder
	for _, n := range names {
		fmt.Fprintf(&got, "%s %s\n", parseDigest(t, n, pages[n]), n)
	}
	if *updateParseGolden {
		if err := os.WriteFile(parseGoldenFile, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(parseGoldenFile)
	if err != nil {
		t.Fatalf("%v (write it with -update)", err)
	}
	wantBy := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(want)), "\n") {
		digest, name, _ := strings.Cut(l, " ")
		wantBy[name] = digest
	}
	if len(wantBy) != len(names) {
		t.Errorf("%s holds %d pages, the test parses %d", parseGoldenFile, len(wantBy), len(names))
	}
	for _, l := range strings.Split(strings.TrimSpace(got.String()), "\n") {
		digest, name, _ := strings.Cut(l, " ")
		if w, ok := wantBy[name]; !ok {
			t.Errorf("%s: not in %s", name, parseGoldenFile)
		} else if w != digest {
			doc, warns := Parse(name, pages[name])
			t.Errorf("%s: parsed otherwise than %s says (%d sections, %d links, warnings %v)", name, parseGoldenFile, len(doc.Sections), len(doc.Links), warns)
		}
	}
}
