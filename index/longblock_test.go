package index

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// longHead and longTail open and close most of the long inputs below: a
// title before the long block, and after it a heading and two links that
// the parse in parts must find as the whole does.
const (
	longHead = "# T\n\n"
	longTail = "\n## After\n\nSee [x](x.md) and [[z]].\n"
)

// repeatOver is unit repeated to about 3*maxBlockBytes.
func repeatOver(unit string) string {
	return strings.Repeat(unit, 3*maxBlockBytes/len(unit))
}

// unitsOver is unit(0), unit(1), … until longHead and they reach
// 3*maxBlockBytes.
func unitsOver(unit func(i int) string) string {
	var b strings.Builder
	for i := 0; len(longHead)+b.Len() < 3*maxBlockBytes; i++ {
		b.WriteString(unit(i))
	}
	return b.String()
}

// wholeAndParts is one long input, src, parsed whole (in one piece) and in
// pieces of maxPieceBytes.
type wholeAndParts struct {
	src                    []byte
	whole, parts           *Document
	wholeWarns, partsWarns []Warning
}

// parseWholeAndInParts parses longHead+body whole and in parts, after
// failing t unless split, when not nil, holds for its pieces (the long
// block is cut as the test means; want says how).
func parseWholeAndInParts(t *testing.T, body string, split func([]piece) bool, want string) wholeAndParts {
	t.Helper()
	src := []byte(longHead + body)
	if split != nil {
		if ps, _ := pieces(src, maxPieceBytes, maxBlockBytes); !split(ps) {
			t.Fatalf("%d pieces, %s", len(ps), want)
		}
	}
	r := wholeAndParts{src: src}
	r.whole, r.wholeWarns = parsePieces("big.md", "", src, len(src))
	r.parts, r.partsWarns = parsePieces("big.md", "", src, maxPieceBytes)
	return r
}

// hasStandIn reports whether a piece goes on a block split by a stand-in.
func hasStandIn(ps []piece) bool {
	return slices.ContainsFunc(ps, func(p piece) bool { return p.standIn != nil })
}

// sameSections fails t unless the parse in parts gave the sections of the
// whole.
func (r wholeAndParts) sameSections(t *testing.T) {
	t.Helper()
	if !reflect.DeepEqual(r.whole.Sections, r.parts.Sections) {
		t.Errorf("sections differ: whole %d, in parts %d", len(r.whole.Sections), len(r.parts.Sections))
	}
}

// sameAsWhole fails t unless neither parse warned (why: why none may)
// and the parse in parts gave the sections and the links of the whole,
// n links when n >= 0.
func (r wholeAndParts) sameAsWhole(t *testing.T, why string, n int) {
	t.Helper()
	if len(r.wholeWarns) != 0 || len(r.partsWarns) != 0 {
		t.Fatalf("warnings: whole %v, in parts %v; want none (%s)", r.wholeWarns, r.partsWarns, why)
	}
	r.sameSections(t)
	if !reflect.DeepEqual(r.whole.Links, r.parts.Links) || n >= 0 && len(r.parts.Links) != n {
		t.Errorf("links: whole %+v, in parts %+v; want them the same (and %d when not -1)", r.whole.Links, r.parts.Links, n)
	}
}

// TestLongBlocksParsedInParts: a top-level paragraph or table longer than
// maxBlockBytes is parsed in parts (goldmark holds the inline nodes of a
// whole block at once), with a warning naming the file and the line of the
// first cut; its lines stay one block, and links away from the cuts are
// found. Code blocks are split at their lines without a warning instead
// (TestLongCodeBlocksParsedInParts).
func TestLongBlocksParsedInParts(t *testing.T) {
	cases := []struct {
		name      string
		body      string
		wantWarn  bool
		wantLinks int // at least
	}{
		{"one-line paragraph", "# T\n\n" + repeatOver("*a* [[w]] "), true, 5_000},
		{"paragraph of lines", "# T\n\n" + repeatOver("some *text* [x](x.md)\n"), true, 5_000},
		{"table", "# T\n\n| a | b |\n| - | - |\n" + repeatOver("| *x* | [[y]] |\n"), true, 5_000},
		{"fenced code", "# T\n\n```\n" + repeatOver("[[not a link]] *a*\n") + "```\n", false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, warns := Parse("big.md", []byte(c.body))
			var cut []Warning
			for _, w := range warns {
				if strings.Contains(w.Message, "parsed in") {
					cut = append(cut, w)
				}
			}
			if !c.wantWarn {
				if len(cut) > 0 || len(doc.Links) != 0 {
					t.Fatalf("code block: warnings %v, %d links", cut, len(doc.Links))
				}
				return
			}
			if len(cut) != 1 || cut[0].File != "big.md" || cut[0].Line < 3 {
				t.Fatalf("warnings %v, want one naming big.md and the line of the first cut", warns)
			}
			if n := len(doc.Links); n < c.wantLinks {
				t.Errorf("%d links, want at least %d", n, c.wantLinks)
			}
			lines := strings.Count(c.body, "\n") + 1
			last := doc.Sections[len(doc.Sections)-1]
			if len(doc.Sections) != 1 || last.EndLine < lines-1 {
				t.Errorf("sections %d, the last ending at line %d of %d: want the block one section", len(doc.Sections), last.EndLine, lines)
			}
		})
	}
}

// TestListParsedInPiecesAsWhole: a long top-level list is cut before its
// items and parses as it does whole.
func TestListParsedInPiecesAsWhole(t *testing.T) {
	r := parseWholeAndInParts(t, strings.Repeat("- a [[w]]\n  - *b* [x](x.md)\n", 20_000)+"\ntext\n",
		func(ps []piece) bool { return len(ps) >= 2 }, "want the list cut")
	whole, cut := r.whole, r.parts
	if len(whole.Sections) != len(cut.Sections) || len(whole.Links) != len(cut.Links) || len(r.wholeWarns) != len(r.partsWarns) {
		t.Fatalf("whole: %d sections, %d links, %v; in pieces: %d, %d, %v",
			len(whole.Sections), len(whole.Links), r.wholeWarns, len(cut.Sections), len(cut.Links), r.partsWarns)
	}
	for i := range whole.Sections {
		if whole.Sections[i].Content != cut.Sections[i].Content {
			t.Fatalf("section %d differs", i)
		}
	}
	for i := range whole.Links {
		if whole.Links[i] != cut.Links[i] {
			t.Fatalf("link %d: whole %+v, in pieces %+v", i, whole.Links[i], cut.Links[i])
		}
	}
}

// hugeContainers are files of DefaultMaxFileSize made of one list item or
// block quote the whole file long.
var hugeContainers = []struct {
	name string
	unit func(i int) string
}{
	{"list-item-paragraph", func(i int) string {
		if i == 0 {
			return "- start\n"
		}
		return "  *a* [[w]] text\n"
	}},
	{"list-item-lazy-paragraph", func(i int) string {
		if i == 0 {
			return "- start\n"
		}
		return "*a* [[w]] text\n"
	}},
	{"list-item-paragraphs", func(i int) string {
		if i == 0 {
			return "- start\n"
		}
		return "\n  *a* [[w]] text\n"
	}},
	{"quote-paragraph", func(int) string { return "> *a* [[w]] text\n" }},
	{"quote-lazy-paragraph", func(i int) string {
		if i == 0 {
			return "> start\n"
		}
		return "*a* [[w]] text\n"
	}},
	{"quote-paragraphs", func(int) string { return "> *a* [[w]] text\n>\n" }},
	{"quote-in-list-item", func(i int) string {
		if i == 0 {
			return "- start\n"
		}
		return "  > *a* [[w]] text\n  >\n"
	}},
	// One line the whole file long.
	{"list-item-one-line", func(i int) string {
		if i == 0 {
			return "- "
		}
		return "*a* [[w]] "
	}},
	{"quote-one-line", func(i int) string {
		if i == 0 {
			return "> "
		}
		return "*a* [[w]] "
	}},
	{"quote-one-line-links", func(i int) string {
		if i == 0 {
			return "> "
		}
		return "[a](b.md) "
	}},
	{"quote-in-list-item-one-line", func(i int) string {
		if i == 0 {
			return "- > "
		}
		return "*a* [[w]] "
	}},
	// MkDocs admonitions (admonitionParser), containers too.
	{"admonition-paragraph", func(i int) string {
		if i == 0 {
			return "!!! note\n\n"
		}
		return "    *a* [[w]] text\n"
	}},
	{"admonition-paragraphs", func(i int) string {
		if i == 0 {
			return "!!! note\n\n"
		}
		return "    *a* [[w]] text\n\n"
	}},
	{"admonition-in-list-item", func(i int) string {
		if i == 0 {
			return "- start\n\n  !!! note\n\n"
		}
		return "      *a* [[w]] text\n"
	}},
	{"admonition-in-quote", func(i int) string {
		if i == 0 {
			return "> !!! note\n>\n"
		}
		return ">     *a* [[w]] text\n"
	}},
	{"quote-in-admonition", func(i int) string {
		if i == 0 {
			return "??? tip \"T\"\n\n"
		}
		return "    > *a* [[w]] text\n"
	}},
	{"admonition-one-line", func(i int) string {
		if i == 0 {
			return "!!! note\n    "
		}
		return "*a* [[w]] "
	}},
}

// TestLongContainersParsedInParts: a top-level list item or block quote
// longer than maxBlockBytes is split, at line ends inside a paragraph of
// it, and parsed in parts (goldmark holds the tree of a whole block), with
// a warning naming the file and the line of the first cut; its sections
// and links (every line holding one) are those of a parse of the whole,
// and the blocks after it are read as before. A single line that long is
// split after a space, the stand-in going on the same line.
func TestLongContainersParsedInParts(t *testing.T) {
	for _, in := range hugeContainers {
		t.Run(in.name, func(t *testing.T) {
			r := parseWholeAndInParts(t, unitsOver(func(i int) string {
				u := in.unit(i)
				if i%8 != 0 { // fewer links than MaxDocLinks
					u = strings.NewReplacer("[[w]]", "w w w", "[a](b.md)", "a b.md xx").Replace(u)
				}
				return u
			})+longTail, nil, "")
			whole, cut, cutWarns := r.whole, r.parts, r.partsWarns
			if len(r.wholeWarns) != 0 {
				t.Fatalf("whole: warnings %v", r.wholeWarns)
			}
			lines := strings.Split(string(r.src), "\n")
			if len(cutWarns) != 1 || cutWarns[0].File != "big.md" || cutWarns[0].Line < 3 ||
				cutWarns[0].Line >= len(lines)-3 || !strings.Contains(cutWarns[0].Message, "list item, block quote or admonition") {
				t.Fatalf("warnings %v, want one naming big.md and a line inside the container", cutWarns)
			}
			if n := len(whole.Links); n < 4_000 || n >= MaxDocLinks {
				t.Fatalf("whole: %d links, want thousands below the cap", n)
			}
			r.sameSections(t)
			if len(whole.Links) != len(cut.Links) {
				t.Fatalf("whole: %d links, in parts %d", len(whole.Links), len(cut.Links))
			}
			for i, l := range cut.Links {
				// The context of a link near a split shows the text of its
				// paragraph on its side of the split only.
				w := whole.Links[i]
				if !strings.Contains(l.Context, l.Target) || strings.Contains(l.Context, "xxx") {
					t.Fatalf("link %d: context %q, whole %q", i, l.Context, w.Context)
				}
				l.Context, w.Context = "", ""
				if l != w || !strings.Contains(lines[l.Line-1], l.Target) {
					t.Fatalf("link %d: in parts %+v, whole %+v (line %q)", i, l, w, lines[l.Line-1])
				}
			}
		})
	}
}

// hugeCodeContainers are files of DefaultMaxFileSize made of one list item
// or block quote holding one code block the whole file long, its lines
// written like links.
var hugeCodeContainers = []struct {
	name string
	unit func(i int) string
}{
	{"list-item-fenced-code", func(i int) string {
		if i == 0 {
			return "- start\n\n  ```\n"
		}
		return "  [x](y.md) [[w]] code\n"
	}},
	{"list-item-fenced-short-lines", func(i int) string {
		if i == 0 {
			return "- start\n\n  ```\n"
		}
		return "  x\n"
	}},
	{"quote-fenced-code", func(i int) string {
		if i == 0 {
			return "> ```\n"
		}
		return "> [x](y.md) [[w]]\n"
	}},
	{"quote-fenced-short-lines", func(i int) string {
		if i == 0 {
			return "> ~~~~\n"
		}
		if i%2 == 0 {
			return "> ~~~\n" // shorter than the fence: code
		}
		return ">\n"
	}},
	{"list-item-indented-code", func(i int) string {
		if i == 0 {
			return "- start\n\n"
		}
		return "      [x](y.md) [[w]]\n"
	}},
	{"list-item-indented-short-lines", func(i int) string {
		if i == 0 {
			return "- start\n\n"
		}
		return "      x\n"
	}},
	{"quote-indented-code", func(int) string { return ">     [x](y.md) [[w]]\n" }},
	{"admonition-fenced-code", func(i int) string {
		if i == 0 {
			return "!!! note\n\n    ```\n"
		}
		return "    [x](y.md) [[w]] code\n"
	}},
	{"admonition-indented-code", func(i int) string {
		if i == 0 {
			return "!!! note\n\n"
		}
		return "        [x](y.md) [[w]] code\n"
	}},
	{"admonition-in-list-item-indented-code", func(i int) string {
		if i == 0 {
			return "- start\n\n  !!! note\n\n"
		}
		return "          [x](y.md) [[w]]\n"
	}},
	{"admonition-in-quote-indented-code", func(i int) string {
		if i == 0 {
			return "> !!! note\n>\n"
		}
		return ">         [x](y.md) [[w]]\n"
	}},
	// Five million lines.
	{"list-item-indented-blank-lines", func(i int) string {
		if i == 0 {
			return "- start\n\n      x\n"
		}
		return "\n"
	}},
	{"quote-indented-blank-lines", func(i int) string {
		if i == 0 {
			return ">     x\n"
		}
		return ">\n"
	}},
	{"list-item-fence-blank-lines", func(i int) string {
		if i == 0 {
			return "- ```\n"
		}
		return "\n"
	}},
	{"admonition-indented-blank-lines", func(i int) string {
		if i == 0 {
			return "!!! note\n\n        x\n"
		}
		return "\n"
	}},
}

// TestLongCodeContainersParsedInParts: a top-level list item or block
// quote longer than maxBlockBytes whose open block there is a code block
// is split at a line of the code and parsed in parts, the piece after
// starting with a stand-in that opens the same containers and a code block
// of the same kind (a fence of the same character and length); sections
// and links (none in the code) are those of a parse of the whole, so
// nothing is lost and no warning is given (one said emphasis and links
// across the splits were lost).
func TestLongCodeContainersParsedInParts(t *testing.T) {
	for _, in := range hugeCodeContainers {
		t.Run(in.name, func(t *testing.T) {
			r := parseWholeAndInParts(t, unitsOver(in.unit)+longTail,
				hasStandIn, "none going on the container: want the code split")
			r.sameAsWhole(t, "code holds no links to lose", 2) // the 2 after the code
		})
	}
}

// TestLongCodeBlocksParsedInParts: a top-level code block longer than
// maxBlockBytes is split at a line of it and parsed in parts, the piece
// after starting with a stand-in that opens a code block of the same kind
// (goldmark holds a segment for every line of a block: a fence of 5 MiB
// of blank lines peaked at 1 GB); code holds no links, so nothing is lost
// and no warning is given: sections and links are those of the whole.
func TestLongCodeBlocksParsedInParts(t *testing.T) {
	cases := []struct{ name, first, line, last string }{
		{"fenced-blank-lines", "```\n", "\n", "```\n"},
		{"fenced-code", "~~~~ go\n", "[x](y.md) [[w]] *a*\n", "~~~~\n"},
		{"fenced-short-fences", "````\n", "```\n", "````\n"},
		{"indented-code", "", "    [x](y.md) [[w]] *a*\n", ""},
		{"indented-blank-lines", "    x\n", "\n", "    y\n"},
		{"indented-trailing-blank-lines", "    x\n", "\n", ""},
		{"unclosed-fence", "```\n", "[x](y.md)\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := c.first + repeatOver(c.line) + c.last
			if c.last != "" || c.first == "" {
				body += longTail
			}
			r := parseWholeAndInParts(t, body, func(ps []piece) bool { return len(ps) >= 3 }, "want the code split")
			r.sameAsWhole(t, "code holds no links to lose", -1)
		})
	}
}

// hugeHTMLBlocks are HTML blocks of each kind, at the top level or as the
// open block of a top-level list item or block quote: the line that opens
// one, a line repeated inside it and the line that closes it (none for the
// kinds a blank line ends). goldmark holds a segment for every line of an
// HTML block, as of code, and parsed one whole.
var hugeHTMLBlocks = []struct{ name, first, line, last string }{
	{"html-comment-short-lines", "<!--\n", "x\n", "-->\n"},
	{"div-short-lines", "<div>\n", "x\n", ""},
	{"list-item-html-comment", "- start\n\n  <!--\n", "  x\n", "  -->\n"},
	{"quote-html-comment-blank-lines", "> <!--\n", ">\n", "> -->\n"},
	{"quote-script", "> <script>\n", "> x <y>\n", "> </script>\n"},
	{"list-item-processing-instruction", "- <?php\n", "  x\n", "  ?>\n"},
	{"quote-declaration", "> <!DOCTYPE x\n", "> x\n", "> >\n"},
	{"list-item-cdata", "- <![CDATA[\n", "  x\n", "  ]]>\n"},
	{"list-item-div", "- start\n\n  <div>\n", "  <p>[x](y.md) [[w]]</p>\n", ""},
	{"quote-custom-tag", "> <custom-tag a=\"b\">\n", "> x\n", ""},
	{"admonition-html-comment", "!!! note\n\n    <!--\n", "    x\n", "    -->\n"},
}

// TestLongHTMLBlocksParsedInParts: an HTML block longer than
// maxBlockBytes, at the top level or the open block of a top-level list
// item or block quote, is split at a line of it and parsed in parts, the
// piece after starting with a stand-in that opens the same containers and
// an HTML block of the same kind (the same line closes it); an HTML
// block holds no links, so nothing is lost and no warning is given:
// sections and links are those of the whole.
func TestLongHTMLBlocksParsedInParts(t *testing.T) {
	for _, c := range hugeHTMLBlocks {
		t.Run(c.name, func(t *testing.T) {
			r := parseWholeAndInParts(t, c.first+repeatOver(c.line)+c.last+longTail,
				hasStandIn, "none going on the HTML block: want it split")
			r.sameAsWhole(t, "HTML holds no links to lose", 2) // the 2 after the HTML
		})
	}
}
