package index

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// maxNesting measures what boundNesting bounds: the deepest unclosed '['
// of a paragraph and the most container markers (or the furthest marker
// column) of a line.
func maxNesting(b []byte) (brackets, markers, column int) {
	depth := 0
	for _, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" {
			depth = 0
		}
		n, col := 0, 0
		for i := 0; i < len(line); {
			switch line[i] {
			case ' ':
				col, i = col+1, i+1
				continue
			case '\t':
				col, i = col+4-col%4, i+1
				continue
			}
			k := markerLen([]byte(line), i)
			if k == 0 {
				break
			}
			n++
			column = max(column, col)
			i, col = i+k, col+k
		}
		markers = max(markers, n)
		for i := 0; i < len(line); i++ {
			switch line[i] {
			case '\\':
				i++
			case '[':
				depth++
				brackets = max(brackets, depth)
			case ']':
				if depth > 0 {
					depth--
				}
			}
		}
	}
	return brackets, markers, column
}

func TestBoundNesting(t *testing.T) {
	cases := []struct {
		name     string
		src      string
		bounded  bool
		wantLine int // 0-based body line of the first bound
	}{
		{"plain document", "# T\n\n- a\n  - b\n    - c\n\n> q\n> > r\n\n[a [b [c]]] [[wiki]]\n", false, 0},
		{"deep but legal", strings.Repeat("[", maxBracketDepth) + strings.Repeat("]", maxBracketDepth) + "\n" +
			strings.Repeat("> ", maxContainerMarkers) + "x\n", false, 0},
		{"nested brackets", "intro\n\n" + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\n", true, 2},
		{"brackets over lines", "a\n" + strings.Repeat("[\n", 40) + strings.Repeat("]\n", 40), true, 1 + maxBracketDepth},
		{"blank lines reset brackets", strings.Repeat("[[[[[[[[\n\n", 100), false, 0},
		{"escaped brackets", strings.Repeat(`\[`, 1000) + "\n", false, 0},
		{"deep quotes", "x\n" + strings.Repeat(">", 500) + " deep\n", true, 1},
		{"spaced quotes", strings.Repeat("> ", 100) + "deep\n", true, 0},
		{"list markers", "ok\n\n" + strings.Repeat("- ", 300) + "x\n", true, 2},
		{"ordered markers", strings.Repeat("1. ", 100) + "x\n", true, 0},
		{"indented nesting", func() string {
			var b strings.Builder
			for d := 0; d < 60; d++ {
				b.WriteString(strings.Repeat("  ", d) + "- item\n")
			}
			return b.String()
		}(), true, maxMarkerColumn/2 + 1},
		{"thematic break and setext", "a\n---\n* * *\n- - -\n", false, 0},
		{"admonitions within the column", func() string {
			var b strings.Builder
			for d := 0; d*4 <= maxMarkerColumn; d++ {
				b.WriteString(strings.Repeat("    ", d) + "!!! note\n")
			}
			return b.String()
		}(), false, 0},
		{"deep admonitions", func() string {
			var b strings.Builder
			for d := 0; d < 40; d++ {
				b.WriteString(strings.Repeat("    ", d) + "!!! note \"T\"\r\n")
			}
			return b.String()
		}(), true, maxMarkerColumn/4 + 1},
		{"admonition after quotes", strings.Repeat("> ", maxContainerMarkers) + "??? tip\n", true, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			out, limit := boundNesting(src)
			if (limit != nil) != tc.bounded {
				t.Fatalf("bounded = %v, want %v", limit != nil, tc.bounded)
			}
			if !tc.bounded {
				if &out[0] != &src[0] {
					t.Error("an unbounded body was copied")
				}
				return
			}
			if limit.line != tc.wantLine {
				t.Errorf("first bound on body line %d, want %d", limit.line, tc.wantLine)
			}
			checkBounded(t, src, out)
		})
	}
}

// checkBounded verifies that out is src with some bytes blanked, within
// the limits, and a fixed point.
func checkBounded(t *testing.T, src, out []byte) {
	t.Helper()
	if len(out) != len(src) {
		t.Fatalf("length %d, want %d", len(out), len(src))
	}
	for i := range src {
		if out[i] != src[i] && out[i] != ' ' {
			t.Fatalf("byte %d changed from %q to %q, want a blank", i, src[i], out[i])
		}
		if (src[i] == '\n') != (out[i] == '\n') {
			t.Fatalf("line structure changed at byte %d", i)
		}
	}
	br, mk, col := maxNesting(out)
	if br > maxBracketDepth || mk > maxContainerMarkers || col > maxMarkerColumn {
		t.Fatalf("still nested: brackets %d, markers %d, marker column %d", br, mk, col)
	}
	if again, lim := boundNesting(out); lim != nil || !bytes.Equal(again, out) {
		t.Fatalf("bounding is not a fixed point (second pass bounded at line %d)", lim.line)
	}
}

// TestParseBoundsNesting: the bounded parse keeps every line of the file
// in its sections and names file and line in a warning.
func TestParseBoundsNesting(t *testing.T) {
	for _, c := range pathoCases {
		if c.name == "normal" || c.name == "emphasis" || c.name == "backticks" ||
			c.name == "bracket-links" || c.name == "html" || c.name == "table-columns" ||
			c.name == "reference-definitions" { // bounded without loss: refruns_test.go
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			src := append([]byte("---\ntitle: Deep\n---\n# Deep\n\n"), c.gen(64<<10)...)
			doc, warns := Parse("deep.md", src)
			checkInvariants(t, string(src), doc)
			found := false
			for _, w := range warns {
				if w.File == "deep.md" && w.Line >= 5 && (strings.Contains(w.Message, "nested deeper") || strings.Contains(w.Message, "does not close")) {
					found = true
				}
			}
			if !found {
				t.Errorf("warnings %v: none names deep.md and a body line as nested too deeply", warns)
			}
			var content strings.Builder
			for _, s := range doc.Sections {
				content.WriteString(s.Content)
			}
			if got, want := strings.Count(content.String(), "x")+strings.Count(content.String(), "["),
				strings.Count(string(src[len("---\ntitle: Deep\n---\n"):]), "x")+strings.Count(string(src), "["); got != want {
				t.Errorf("sections hold %d of the %d 'x' and '[' of the file", got, want)
			}
		})
	}
}

func FuzzBoundNesting(f *testing.F) {
	for _, s := range []string{"", "[[[]]]", "> > > x", "- - - x", "1. 2) 3. x", "\\[[[", "\t\t- x",
		strings.Repeat("[", 40), strings.Repeat(">", 20) + "\n" + strings.Repeat("- ", 20)} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, limit := boundNesting(src)
		if limit == nil {
			if !bytes.Equal(out, src) {
				t.Fatal("changed without reporting a bound")
			}
			return
		}
		checkBounded(t, src, out)
	})
}

// BenchmarkParsePathological parses each pathological shape (and a plain
// document for comparison) at 256 KB and 1 MB.
func BenchmarkParsePathological(b *testing.B) {
	for _, c := range pathoCases {
		for _, size := range []int{256 << 10, 1 << 20} {
			src := c.gen(size)
			b.Run(fmt.Sprintf("%s/%dKiB", c.name, size>>10), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for b.Loop() {
					Parse("x.md", src)
				}
			})
		}
	}
}

// TestBoundNestingUnclosedLinks: the '(' of a link whose destination does
// not close in reach is blanked (goldmark would scan on from each); real
// links and a far ')' of ordinary text are kept.
func TestBoundNestingUnclosedLinks(t *testing.T) {
	far := strings.Repeat("a", maxLinkDestination)
	for _, tt := range []struct{ in, want string }{
		{"[a](b.md) and [c](<d e.md>)", "[a](b.md) and [c](<d e.md>)"},
		{"[x]([x]([x](", "[x] [x] [x] "},
		{"[x](<[x](<)", "[x] <[x] <)"}, // no '>' on the line
		{"[x](<a\n>)", "[x] <a\n>)"},   // the '>' on another line does not close it
		{"[x](" + far + ")", "[x] " + far + ")"},
		{"[x](a \"t\") [y](b)", "[x](a \"t\") [y](b)"},
		{"(a) [x] (b)", "(a) [x] (b)"},
	} {
		got, limit := boundNesting([]byte(tt.in))
		if string(got) != tt.want {
			t.Errorf("boundNesting(%.40q) = %.40q, want %.40q", tt.in, got, tt.want)
		}
		if (limit != nil) != (tt.in != tt.want) {
			t.Errorf("%.40q: limit %+v", tt.in, limit)
		}
		if limit != nil {
			checkBounded(t, []byte(tt.in), got)
		}
	}
	// A document of such openings parses, says so, and keeps its text.
	src := "# T\n\n" + strings.Repeat("[x](", 20000) + "\n"
	doc, warns := Parse("l.md", []byte(src))
	if len(warns) != 1 || !strings.Contains(warns[0].Message, "does not close") || warns[0].Line != 3 {
		t.Errorf("warnings %v", warns)
	}
	if n := strings.Count(doc.Sections[0].Content, "[x]"); n != 20000 {
		t.Errorf("the section holds %d of the 20000 [x]", n)
	}
	checkInvariants(t, src, doc)
}
