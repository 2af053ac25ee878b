package index

import (
	"fmt"
	"strings"
	"testing"
)

type wantSection struct {
	heading, path, anchor string
	level, start, end     int
}

func checkSections(t *testing.T, doc *Document, want []wantSection) {
	t.Helper()
	if len(doc.Sections) != len(want) {
		for _, s := range doc.Sections {
			t.Logf("got %d %q %d-%d tokens=%d", s.Order, s.Heading, s.StartLine, s.EndLine, s.Tokens)
		}
		t.Fatalf("got %d sections, want %d", len(doc.Sections), len(want))
	}
	for i, w := range want {
		s := doc.Sections[i]
		got := wantSection{s.Heading, s.HeadingPath, s.Anchor, s.Level, s.StartLine, s.EndLine}
		if got != w {
			t.Errorf("section %d = %+v, want %+v", i, got, w)
		}
	}
}

func TestSectionsStructure(t *testing.T) {
	p := words(30, "w") // 39 tokens: never tiny, never long
	src := "---\n" +    // 1
		"title: Title\n" + // 2 (the H1's: no frontmatter section)
		"---\n" + // 3
		"# Title\n" + // 4
		"\n" + // 5
		p + "\n" + // 6
		"\n" + // 7
		"## Alpha Beta!\n" + // 8
		"\n" + // 9
		p + "\n" + // 10
		"# Not a boundary\n" + // 11
		"#### Deep\n" + // 12
		p + "\n" + // 13
		"\n" + // 14
		"### Child (one)\n" + // 15
		"\n" + // 16
		p + "\n" + // 17
		"\n\n" + // 18,19
		"Gamma\n" + // 20
		"-----\n" + // 21
		p + "\n" + // 22
		"### Alpha Beta\n" + // 23
		p + "\n" + // 24
		"\n" // trailing blank line is not part of any section
	doc := mustParse(t, "s.md", src)
	checkSections(t, doc, []wantSection{
		{"", "", "", 0, 4, 6},
		{"Alpha Beta!", "Alpha Beta!", "alpha-beta", 2, 8, 13},
		{"Child (one)", "Alpha Beta! > Child (one)", "child-one", 3, 15, 17},
		{"Gamma", "Gamma", "gamma", 2, 20, 22},
		{"Alpha Beta", "Gamma > Alpha Beta", "alpha-beta-1", 3, 23, 24},
	})
	if !strings.HasPrefix(doc.Sections[1].Content, "## Alpha Beta!\n\n") || !strings.Contains(doc.Sections[1].Content, "#### Deep") {
		t.Errorf("section content should hold the heading line and the H4: %q", doc.Sections[1].Content)
	}
	if doc.Sections[0].Content != "# Title\n\n"+p {
		t.Errorf("section 0 content = %q", doc.Sections[0].Content)
	}
}

func TestSectionZero(t *testing.T) {
	p := words(30, "w")
	tests := []struct {
		name string
		src  string
		want []wantSection
	}{
		// The H1 is the page's title as written: kept, so search finds
		// the page by it, and nothing joins it (a tiny first H2 keeps
		// its own heading).
		{"only H1 before first H2 stays alone", "# Title\n\n## A\n" + p + "\n",
			[]wantSection{{"", "", "", 0, 1, 1}, {"A", "A", "a", 2, 3, 4}}},
		{"a tiny H2 after a title-only section 0 keeps its heading", "# Kubernetes Migration\n\n## Status\n\nAccepted\n\n## Context\n\n" + p + "\n",
			[]wantSection{{"", "", "", 0, 1, 1}, {"Status", "Status", "status", 2, 3, 5}, {"Context", "Context", "context", 2, 7, 9}}},
		{"whitespace before first H2 is dropped", "\n\n## A\n" + p + "\n",
			[]wantSection{{"A", "A", "a", 2, 3, 4}}},
		{"H1 only document keeps section 0", "# Title\n",
			[]wantSection{{"", "", "", 0, 1, 1}}},
		// Without an H1 the opening text is headed by the title (here the
		// file name's), so the title's words find the page.
		{"tiny section 0 stays (nothing before it)", "Short intro.\n\n## A\n" + p + "\n",
			[]wantSection{{"z", "z", "", 0, 1, 1}, {"A", "A", "a", 2, 3, 4}}},
		{"a frontmatter title heads the opening text without an H1", "---\ntitle: Quokka Handbook\n---\n\nBody text only.\n",
			[]wantSection{{"Quokka Handbook", "Quokka Handbook", "", 0, 5, 5}}},
		// A frontmatter title other than the H1 is found nowhere in the
		// body: the frontmatter block is a section headed by it.
		{"an H1 keeps the opening text unheaded", "---\ntitle: Quokka Handbook\n---\n\n# Other\n\nBody.\n",
			[]wantSection{{"Quokka Handbook", "Quokka Handbook", "", 0, 2, 2}, {"", "", "", 0, 5, 7}}},
		{"a title the H1 repeats adds no section", "---\ntitle: Quokka handbook\n---\n# Quokka Handbook\n\nBody.\n",
			[]wantSection{{"", "", "", 0, 4, 6}}},
		{"a title before a first H2 is the frontmatter's section", "---\ntitle: Retry budget\n---\n## Overview\n" + p + "\n",
			[]wantSection{{"Retry budget", "Retry budget", "", 0, 2, 2}, {"Overview", "Overview", "overview", 2, 4, 5}}},
		{"aliases and tags make the frontmatter a section", "---\ntitle: Guide\n\naliases: [handbook]\ntags:\n  - ops\n\n---\n# Guide\n\nBody.\n",
			[]wantSection{{"Guide", "Guide", "", 0, 2, 6}, {"", "", "", 0, 9, 11}}},
		{"a file name's title needs no frontmatter section", "## Overview\n" + p + "\n",
			[]wantSection{{"Overview", "Overview", "overview", 2, 1, 2}}},
		{"H1 with a link is kept", "# Title [[other]]\n\n## A\n" + p + "\n",
			[]wantSection{{"", "", "", 0, 1, 1}, {"A", "A", "a", 2, 3, 4}}},
		{"blank body has no sections", "---\ndoc_type: spec\n---\n\n  \n", nil},
		{"a blank body's title is still found", "---\ntitle: x\n---\n\n  \n",
			[]wantSection{{"x", "x", "", 0, 2, 2}}},
		{"H3 without H2 has its own path", "### Lone\n" + p + "\n",
			[]wantSection{{"Lone", "Lone", "lone", 3, 1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkSections(t, mustParse(t, "z.md", tt.src), tt.want)
		})
	}
}

func TestSectionsMergeTiny(t *testing.T) {
	p := words(30, "w")
	src := "## A\n" + // 1
		p + "\n" + // 2
		"## B\n" + // 3
		"Tiny.\n" + // 4
		"### C\n" + // 5
		"Also tiny.\n" + // 6
		"## D\n" + // 7
		p + "\n" // 8
	doc := mustParse(t, "m.md", src)
	checkSections(t, doc, []wantSection{
		{"A", "A", "a", 2, 1, 6},
		{"D", "D", "d", 2, 7, 8},
	})
	if !strings.Contains(doc.Sections[0].Content, "## B\nTiny.\n### C\nAlso tiny.") {
		t.Errorf("merged content lost the tiny sections: %q", doc.Sections[0].Content)
	}

	// A tiny first section has nothing to merge into and stays.
	doc = mustParse(t, "m.md", "## A\nTiny.\n## B\n"+p+"\n")
	checkSections(t, doc, []wantSection{{"A", "A", "a", 2, 1, 2}, {"B", "B", "b", 2, 3, 4}})
}

// TestSectionsMergeTinyWithinTheLimit: a long run of tiny sections (a
// glossary of one-line entries) is merged into sections of at most
// MaxSectionTokens, not into one section holding the whole run.
func TestSectionsMergeTinyWithinTheLimit(t *testing.T) {
	var b strings.Builder
	const entries = 2000
	for i := range entries {
		fmt.Fprintf(&b, "## Term %d\nThe meaning of term %d in a few words.\n", i, i)
	}
	doc := mustParse(t, "glossary.md", b.String())
	if len(doc.Sections) < 2 {
		t.Fatalf("%d sections from %d entries", len(doc.Sections), entries)
	}
	last := 0
	for _, s := range doc.Sections {
		if s.Tokens > MaxSectionTokens {
			t.Errorf("section %q (lines %d-%d) has %d tokens, over %d", s.Heading, s.StartLine, s.EndLine, s.Tokens, MaxSectionTokens)
		}
		if s.StartLine != last+1 {
			t.Errorf("section %q starts at line %d, after %d: lines lost", s.Heading, s.StartLine, last)
		}
		last = s.EndLine
	}
	if last != 2*entries {
		t.Errorf("sections end at line %d, want %d", last, 2*entries)
	}
}

func TestSectionsSplitAtParagraphs(t *testing.T) {
	// 90 words ≈ 117 tokens: heading + 2 paragraphs fit under 256, 3 do not.
	var b strings.Builder
	b.WriteString("## Long\n") // 1
	for i := range 5 {
		b.WriteString("\n" + words(90, fmt.Sprintf("p%dx", i)) + "\n") // paragraphs on lines 3,5,7,9,11
	}
	b.WriteString("\n## Next\n" + words(30, "n") + "\n") // 13,14
	doc := mustParse(t, "long.md", b.String())
	checkSections(t, doc, []wantSection{
		{"Long", "Long", "long", 2, 1, 5},
		{"Long", "Long", "long", 2, 7, 9},
		{"Long", "Long", "long", 2, 11, 11},
		{"Next", "Next", "next", 2, 13, 14},
	})
	for _, s := range doc.Sections[:3] {
		if s.Tokens > MaxSectionTokens {
			t.Errorf("part %d has %d tokens, over %d", s.Order, s.Tokens, MaxSectionTokens)
		}
	}
	if !strings.HasPrefix(doc.Sections[1].Content, "p2x0 ") {
		t.Errorf("continuation part should start at the third paragraph: %q", doc.Sections[1].Content[:20])
	}
}

func TestSectionsSplitKeepsAtomicBlocks(t *testing.T) {
	big := words(300, "c") // ≈ 390 tokens
	pre := words(90, "p")
	tests := []struct {
		name  string
		block string // starts on line 5
		lines int    // lines the block spans
	}{
		{"fenced code with blank lines", "```go\n" + big + "\n\n" + big + "\n```", 5},
		{"table", "| a | b |\n|---|---|\n| " + big + " | x |\n| " + big + " | y |", 4},
		{"list with paragraphs", "- " + big + "\n\n  " + big + "\n- " + big, 4},
		{"block quote", "> " + big + "\n>\n> " + big, 3},
		{"one huge paragraph", big + "\n" + big, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "## S\n" + // 1
				"\n" + // 2
				pre + "\n" + // 3
				"\n" + // 4
				tt.block + "\n" + // 5..
				"\n" +
				pre + "\n"
			blockEnd := 5 + tt.lines - 1
			doc := mustParse(t, "a.md", src)
			checkSections(t, doc, []wantSection{
				{"S", "S", "s", 2, 1, 3},
				{"S", "S", "s", 2, 5, blockEnd},
				{"S", "S", "s", 2, blockEnd + 2, blockEnd + 2},
			})
		})
	}

	// A huge block right after the heading is not cut from its heading.
	doc := mustParse(t, "b.md", "## Code\n```\n"+big+"\n```\n")
	checkSections(t, doc, []wantSection{{"Code", "Code", "code", 2, 1, 4}})
}

func TestSectionsTrailingTinyPartMergesBack(t *testing.T) {
	src := "## S\n\n" + words(90, "a") + "\n\n" + words(90, "b") + "\n\n" + words(90, "c") + "\n\nThe end.\n"
	doc := mustParse(t, "t.md", src)
	checkSections(t, doc, []wantSection{
		{"S", "S", "s", 2, 1, 5},
		{"S", "S", "s", 2, 7, 9}, // "The end." (line 9) is tiny and joins the part before it
	})
}

func TestSectionsJapanese(t *testing.T) {
	jp := strings.Repeat("日本語の設計文書です。", 5) // 55 CJK chars
	src := "# 概要\n\n## データベース設計（概要）\n\n" + jp + "\n\n### テーブル 一覧\n\n" + jp + "\n"
	doc := mustParse(t, "ja.md", src)
	checkSections(t, doc, []wantSection{
		{"", "", "", 0, 1, 1},
		{"データベース設計（概要）", "データベース設計（概要）", "データベース設計概要", 2, 3, 5},
		{"テーブル 一覧", "データベース設計（概要） > テーブル 一覧", "テーブル-一覧", 3, 7, 9},
	})
	if got := doc.Sections[1].Tokens; got != EstimateTokens("## データベース設計（概要）\n\n"+jp) || got < 60 {
		t.Errorf("Japanese section tokens = %d", got)
	}
}

func TestSectionsCRLF(t *testing.T) {
	p := words(30, "w")
	src := "## A\r\n" + p + "\r\n\r\n## B\r\n" + p + "\r\n"
	doc := mustParse(t, "crlf.md", src)
	checkSections(t, doc, []wantSection{{"A", "A", "a", 2, 1, 2}, {"B", "B", "b", 2, 4, 5}})
	if strings.Contains(doc.Sections[0].Content, "\r") {
		t.Errorf("content keeps CR: %q", doc.Sections[0].Content)
	}
}
