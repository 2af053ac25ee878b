package index

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"",
	"---\ntitle: x\ndoc_type: spec\nsource_refs: [a#B]\n---\n# T\n\n## A\n[[x|depends_on]] ![[y#h]] [m](a%20b.md#c)\n",
	"---\nbroken: [\n---\n## H\n",
	"---\nunclosed\n",
	"# H1\nSetext\n---\n### H3\n```\n[[code]]\n## not heading\n```\n| a | b |\n|---|---|\n| [[t\\|extends]] | `[[c]]` |\n",
	"> ## quoted heading [[q]]\n- ## list heading [[l]]\n\n    indented [[no]]\n",
	"[ref]: x.md\n[a][ref] [[#only heading]] \\[[escaped]]\n",
	"## 日本語の見出し\n[[ユーザーDB|depends_on]]と[テキスト](path/to/ファイル.md)\n",
	"\r\n## CR\r\n[[x]]\r\n",
	"<!-- [[c]] -->\n<div>\n[[h]]\n</div>\n",
	"[[[[[[]]]]]]![[!![[a]]",
	"[[`b`]] `[[`c]] [[d`]]`` [[`` e`f ``|`depends_on`]] [[x\n`y`]]\n",
	"!!! note \"T\"\n\n    ## H [[a]]\n\n        [[code]]\n??? tip\n\t[b](b.md)\n=== \"Tab\"\n    !!! x\n        > [[q]]\n",
	"## Install {#inst .x k=v}\n## Use {braces}\n## {#only}\n## Setup {: #s }\nSetext {#t}\n---\n## Usage\n## Inst {#usage}\n",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	for _, corpus := range [][]string{{"taskflow-docs", "designs/database.md"}, {"unified-blueprint-docs", "docs/designs/mcp-tools.ja.md"}} {
		src, err := os.ReadFile(corpusDir(f, corpus[0], filepath.FromSlash(corpus[1])))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, p := range deepIndentPages() {
		f.Add([]byte(strings.ReplaceAll(p.body, strings.Repeat(" ", 3000), "\v")))
	}
	f.Add([]byte("- a\n  - b\n\v- c [[x]]\n\v\t  [y](y.md)\n\v\n## H\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, warns := parse("fuzz.md", src) // no recover: a panic fails the fuzz run
		checkInvariants(t, string(src), doc)
		for _, w := range warns {
			if w.File != "fuzz.md" {
				t.Fatalf("warning names %q", w.File)
			}
		}
		if doc.Title == "" {
			t.Fatal("empty title: the file name is the last fallback")
		}
		checkHeadings(t, doc)
		checkParseBoundIndent(t, src)
	})
}

// checkParseBoundIndent: src with every vertical tab made indentation
// deeper than maxIndentColumn parses as a parse of the whole indentation
// does (boundIndentCuts), when it is too short for any block of it to be
// parsed in parts (where the parts depend on the bytes parsed).
func checkParseBoundIndent(t *testing.T, src []byte) {
	t.Helper()
	deep := bytes.ReplaceAll(src, []byte{'\v'}, bytes.Repeat([]byte{' '}, maxIndentColumn+3))
	if len(deep) >= maxBlockBytes/2 {
		return
	}
	got, gotWarns := parse("fuzz.md", deep)
	want, wantWarns := parseBounded("fuzz.md", "", deep, maxPieceBytes, math.MaxInt)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotWarns, wantWarns) {
		t.Fatalf("parsed with its indentation bounded:\n%+v\n%v\nwhole:\n%+v\n%v", got, gotWarns, want, wantWarns)
	}
}

// checkHeadings: Headings of the body lists, in line order, every heading
// that opens a section, with the section's anchor and first line.
func checkHeadings(t *testing.T, doc *Document) {
	t.Helper()
	hs := Headings(doc.Body)
	if full := fullHeadings(doc.Body); !reflect.DeepEqual(hs, full) {
		t.Fatalf("Headings %+v, a full parse gives %+v", hs, full)
	}
	byAnchor := map[string]Heading{}
	for i, h := range hs {
		if i > 0 && h.Line <= hs[i-1].Line {
			t.Fatalf("headings out of line order: %+v", hs)
		}
		if h.Level < 1 || h.Level > 6 {
			t.Fatalf("heading level %d", h.Level)
		}
		byAnchor[h.Anchor] = h
	}
	for _, s := range doc.Sections {
		if s.Anchor == "" {
			continue
		}
		if h, ok := byAnchor[s.Anchor]; !ok || h.Text != s.Heading {
			t.Fatalf("section %q (%s) not among the headings %+v", s.Heading, s.Anchor, hs)
		}
	}
}

func FuzzScanWikiLinks(f *testing.F) {
	for _, s := range []string{"[[a]]", "![[a#b|c]]", `\[[a]] [[b\|depends_on]]`, "[[[x]]]", "[[a\n]]", "[[#h|alias]]x[[y]]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		prevEnd := 0
		for _, m := range scanWikiLinks(s) {
			if m.start < prevEnd || m.end > len(s) || m.start >= m.end {
				t.Fatalf("match [%d,%d) out of order or bounds (prev end %d, len %d)", m.start, m.end, prevEnd, len(s))
			}
			prevEnd = m.end
			text := s[m.start:m.end]
			open := "[["
			if m.embed {
				open = "![["
			}
			if !strings.HasPrefix(text, open) || !strings.HasSuffix(text, "]]") {
				t.Fatalf("match %q does not look like %s…]]", text, open)
			}
			if strings.ContainsAny(text, "\n\r") {
				t.Fatalf("match %q spans lines", text)
			}
			if m.target == "" && m.heading == "" {
				t.Fatalf("match %q has neither target nor heading", text)
			}
			if _, ok := ParseLinkType(string(m.typ)); !ok {
				t.Fatalf("match %q has unknown type %q", text, m.typ)
			}
		}
	})
}
