package answer

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestFindSection(t *testing.T) {
	p := Page{Filepath: "designs/a.md", Content: "Intro line.\n\n## Setup\n\nRun it.\n\n### Setup\n\nNested.\n", Sections: []PageSection{
		{Heading: "", HeadingPath: "", Anchor: "", Content: "Intro line.", StartLine: 5, EndLine: 6},
		{Heading: "Setup", HeadingPath: "Setup", Anchor: "setup", Content: "## Setup\n\nRun it.", StartLine: 7, EndLine: 10},
		{Heading: "Setup", HeadingPath: "Setup > Setup", Anchor: "setup-1", Content: "### Setup\n\nNested.", StartLine: 11, EndLine: 13},
	}}
	tests := []struct {
		ref       string
		wantStart int
	}{
		{"setup", 7},          // anchor first
		{"#setup-1", 11},      // leading '#'
		{"SETUP > setup", 11}, // heading path, any case
		{" Setup ", 7},        // the anchor "setup" before the second heading
	}
	for _, tt := range tests {
		s, err := p.FindSection(tt.ref)
		if err != nil || s.StartLine != tt.wantStart {
			t.Errorf("FindSection(%q) = line %d, %v; want line %d", tt.ref, s.StartLine, err, tt.wantStart)
		}
	}
	_, err := p.FindSection("Teardown")
	var ae *ArgumentError
	if !errors.As(err, &ae) || ae.Param != "section" || !strings.Contains(ae.Message, "setup, setup-1") {
		t.Errorf("unknown section: %v, want an argument error listing the anchors", err)
	}
	if got := p.BodyLine(); got != 5 {
		t.Errorf("BodyLine = %d, want 5 (the intro's line)", got)
	}
	if got := (Page{Content: "x"}).BodyLine(); got != 1 {
		t.Errorf("BodyLine without sections = %d, want 1", got)
	}
}

func TestPageSpan(t *testing.T) {
	p := Page{Filepath: "designs/a.md", Content: "Intro line.\n\n## Setup\n\nRun [[b]].\n\n### Setup\n\nNested.", Sections: []PageSection{
		{Content: "Intro line.", StartLine: 5, EndLine: 6},
		{Heading: "Setup", Anchor: "setup", Content: "## Setup\n\nRun [[b]].", StartLine: 7, EndLine: 10},
		{Heading: "Setup", Anchor: "setup-1", Content: "### Setup\n\nNested.", StartLine: 11, EndLine: 13},
	}, Outlinks: []PageLink{{Target: "b", Line: 9}}}
	setup := p.Sections[1]
	tests := []struct {
		name             string
		section          *PageSection
		start, end       int
		wantFrom, wantTo int
		wantParam        string
	}{
		{"whole body", nil, 0, 0, 5, 13, ""},
		{"from a line", nil, 9, 0, 9, 13, ""},
		{"up to a line", nil, 0, 7, 5, 7, ""},
		{"a window", nil, 7, 9, 7, 9, ""},
		{"one line", nil, 9, 9, 9, 9, ""},
		{"start in the frontmatter is the body's first line", nil, 2, 6, 5, 6, ""},
		{"end past the file is its last line", nil, 11, 99, 11, 13, ""},
		{"section", &setup, 0, 0, 7, 10, ""},
		{"section from a line", &setup, 9, 0, 9, 10, ""},
		{"start past the file", nil, 14, 0, 0, 0, "start_line"},
		{"end before start", nil, 9, 8, 0, 0, "end_line"},
		{"end before the body", nil, 0, 3, 0, 0, "end_line"},
		{"end before the section", &setup, 0, 5, 0, 0, "end_line"},
		{"start after the section", &setup, 12, 0, 0, 0, "start_line"},
		{"start before the section", &setup, 5, 0, 0, 0, "start_line"},
		{"end past the section is the section's end", &setup, 8, 12, 8, 10, ""},
	}
	for _, tt := range tests {
		from, to, err := p.Span(tt.section, tt.start, tt.end)
		if tt.wantParam != "" {
			var ae *ArgumentError
			if !errors.As(err, &ae) || ae.Param != tt.wantParam {
				t.Errorf("%s: Span = %d, %d, %v; want an argument error for %s", tt.name, from, to, err, tt.wantParam)
			}
			continue
		}
		if err != nil || from != tt.wantFrom || to != tt.wantTo {
			t.Errorf("%s: Span = %d, %d, %v; want %d, %d", tt.name, from, to, err, tt.wantFrom, tt.wantTo)
		}
	}
	if got := p.LastLine(); got != 13 {
		t.Errorf("LastLine = %d, want 13", got)
	}
	if got, want := p.Lines(7, 9), "## Setup\n\nRun [[b]]."; got != want {
		t.Errorf("Lines(7, 9) = %q, want %q", got, want)
	}
	if got := p.LinksIn(7, 9); len(got) != 1 || got[0].Target != "b" {
		t.Errorf("LinksIn(7, 9) = %v, want the link on line 9", got)
	}
	if got := p.LinksIn(10, 13); len(got) != 0 || got == nil {
		t.Errorf("LinksIn(10, 13) = %#v, want an empty list", got)
	}
}

// TestFindSectionInnerHeadings: a heading that opens no section of its own
// (a short H2 merged into the section before it, an H4) is found too, with
// the lines under it; a heading inside a code block is not one.
func TestFindSectionInnerHeadings(t *testing.T) {
	content := "Intro.\n\n## Setup\n\nRun it.\n\n#### Flags\n\nUse -v.\n\n## Numbers ##\n\nPort 8080.\n\n```\n## Not a heading\n```\n"
	p := Page{Filepath: "a.md", Content: content, Sections: []PageSection{
		{Content: "Intro.", StartLine: 3, EndLine: 4},
		{Heading: "Setup", HeadingPath: "Setup", Anchor: "setup", Content: "## Setup ...", StartLine: 5, EndLine: 20},
	}}
	tests := []struct {
		ref              string
		wantFrom, wantTo int
		wantPath         string
	}{
		{"Numbers", 13, 19, "Numbers"},    // merged H2: to the end of the body, closing #'s dropped; a sibling of Setup, not under it
		{"flags", 9, 11, "Setup > Flags"}, // H4: up to the next heading of a level as high
		{"#numbers", 13, 19, "Numbers"},   // by slug, with '#'
		{"setup", 5, 11, "Setup"},         // an H2 holds its H4, up to the next H2
	}
	for _, tt := range tests {
		s, err := p.FindSection(tt.ref)
		if err != nil || s.StartLine != tt.wantFrom || s.EndLine != tt.wantTo || s.HeadingPath != tt.wantPath {
			t.Errorf("FindSection(%q) = %d-%d %q, %v; want %d-%d %q", tt.ref, s.StartLine, s.EndLine, s.HeadingPath, err, tt.wantFrom, tt.wantTo, tt.wantPath)
			continue
		}
		if !strings.HasPrefix(s.Content, "#") || s.Content != p.Lines(s.StartLine, s.EndLine) {
			t.Errorf("FindSection(%q) content %q", tt.ref, s.Content)
		}
	}
	_, err := p.FindSection("Not a heading")
	var ae *ArgumentError
	if !errors.As(err, &ae) || !strings.Contains(ae.Message, "setup, flags, numbers") {
		t.Errorf("a heading in a code block: %v, want an argument error listing setup, flags, numbers", err)
	}
	bare := Page{Filepath: "b.md", Content: "Just text.\n", Sections: []PageSection{{Content: "Just text.", StartLine: 1, EndLine: 1}}}
	if _, err := bare.FindSection("x"); !errors.As(err, &ae) || !strings.Contains(ae.Message, "no headings") {
		t.Errorf("a page without headings: %v", err)
	}
}

// TestFindSectionWholeOfASplitSection: a long section the index split into
// parts under one heading is found whole, with its subsections, up to the
// next heading of its level; so is the outline's entry, listed once.
func TestFindSectionWholeOfASplitSection(t *testing.T) {
	content := "# Spec\n\n## 4.1 Phase\n\nPart one.\n\nPart two.\n\n#### 4.1.1 Detail\n\nPart three.\n\n## 4.2 Next\n\nEnd.\n"
	// Lines of the file: the body starts at line 3 (after a frontmatter).
	p := Page{Filepath: "spec.md", Content: content, Sections: []PageSection{
		{Content: "# Spec", StartLine: 3, EndLine: 3},
		{Heading: "4.1 Phase", HeadingPath: "4.1 Phase", Anchor: "41-phase", Content: "## 4.1 Phase\n\nPart one.", StartLine: 5, EndLine: 7},
		{Heading: "4.1 Phase", HeadingPath: "4.1 Phase", Anchor: "41-phase", Content: "Part two.", StartLine: 9, EndLine: 9},
		{Heading: "4.1 Phase", HeadingPath: "4.1 Phase", Anchor: "41-phase", Content: "#### 4.1.1 Detail\n\nPart three.", StartLine: 11, EndLine: 13},
		{Heading: "4.2 Next", HeadingPath: "4.2 Next", Anchor: "42-next", Content: "## 4.2 Next\n\nEnd.", StartLine: 15, EndLine: 17},
	}}
	s, err := p.FindSection("4.1 Phase")
	if err != nil || s.StartLine != 5 || s.EndLine != 13 || !strings.HasSuffix(s.Content, "Part three.") {
		t.Errorf("FindSection(4.1 Phase) = %d-%d %q, %v; want 5-13 with every part", s.StartLine, s.EndLine, s.Content, err)
	}
	var got []string
	for _, o := range p.Outline() {
		got = append(got, fmt.Sprintf("%d-%d %s", o.StartLine, o.EndLine, o.HeadingPath))
	}
	want := []string{"3-17 Spec", "5-13 4.1 Phase", "11-13 4.1 Phase > 4.1.1 Detail", "15-17 4.2 Next"}
	if !slices.Equal(got, want) {
		t.Errorf("Outline = %q, want %q", got, want)
	}
	intro := Page{Content: "Before.\n\n## A\n\ntext\n", Sections: []PageSection{{Content: "Before.", StartLine: 1, EndLine: 1}}}
	if o := intro.Outline(); len(o) != 2 || o[0].Heading != "" || o[0].StartLine != 1 || o[0].EndLine != 1 || o[1].StartLine != 3 || o[1].EndLine != 5 {
		t.Errorf("Outline with an intro = %+v", o)
	}
}

// TestLastLine: a final newline ends the last line; it does not add one.
func TestLastLine(t *testing.T) {
	for _, tt := range []struct {
		content string
		want    int
	}{{"a\nb\n", 2}, {"a\nb", 2}, {"a\nb\n\n", 3}, {"", 1}} {
		p := Page{Content: tt.content}
		if got := p.LastLine(); got != tt.want {
			t.Errorf("LastLine of %q = %d, want %d", tt.content, got, tt.want)
		}
	}
}

func TestPartAbove(t *testing.T) {
	content := "## Stack\n\nGo and SQLite.\n\n## Errors\n\nThree tiers.\n\n```\n# not one\n```\n\n#### Deep\n\nMore text.\n"
	tests := []struct {
		line     int
		want     string
		from, to int
		ok       bool
	}{
		{0, "", 0, 0, false},       // the section's own heading line
		{2, "", 0, 0, false},       // under its own heading
		{6, "Errors", 4, 11, true}, // under the merged H2, up to the H4 (the fence holds no heading)
		{10, "Errors", 4, 11, true},
		{14, "Deep", 12, 14, true}, // the last part runs to the end
	}
	for _, tt := range tests {
		got, from, to, ok := PartAbove(content, tt.line)
		if got != tt.want || ok != tt.ok || (ok && (from != tt.from || to != tt.to)) {
			t.Errorf("PartAbove(line %d) = %q %d-%d %v; want %q %d-%d %v", tt.line, got, from, to, ok, tt.want, tt.from, tt.to, tt.ok)
		}
	}
	if _, _, _, ok := PartAbove("plain\ntext\nonly\n", 2); ok {
		t.Error("a heading found in plain text")
	}
	// A later part of a long section, cut before its sub-heading: the H4
	// on its first line heads it; an H1 title or an H2/H3 there is the
	// section's own.
	part := "#### Deep\n\nMore text.\n\n#### Deeper\n\nLast.\n"
	for _, tt := range []struct {
		content  string
		line     int
		want     string
		from, to int
		ok       bool
	}{
		{part, 0, "Deep", 0, 3, true},
		{part, 2, "Deep", 0, 3, true},
		{part, 6, "Deeper", 4, 6, true},
		{"# Title\n\nIntro.\n", 2, "", 0, 0, false},
		{"### Own\n\nText.\n", 2, "", 0, 0, false},
	} {
		got, from, to, ok := PartAbove(tt.content, tt.line)
		if got != tt.want || ok != tt.ok || (ok && (from != tt.from || to != tt.to)) {
			t.Errorf("PartAbove(%q, line %d) = %q %d-%d %v; want %q %d-%d %v", tt.content, tt.line, got, from, to, ok, tt.want, tt.from, tt.to, tt.ok)
		}
	}
}

// TestFindSectionAsWritten: a heading is found by the text a writer types,
// whatever the Unicode form (a heading saved in NFD, asked for in NFC) and
// with the inline markup and closing #'s of the source.
func TestFindSectionAsWritten(t *testing.T) {
	nfd := "\u30ab\u3099\u30a4\u30c8\u3099" // ガイド decomposed
	content := "## " + nfd + "\n\nx\n\n## The `config.json` file ##\n\ny\n\n## **Bold** move\n\nz\n"
	p := Page{Filepath: "a.md", Content: content, Sections: []PageSection{{Content: "## ...", StartLine: 1, EndLine: 11}}}
	for _, tt := range []struct {
		ref  string
		from int
	}{
		{"ガイド", 1},                       // NFC
		{nfd, 1},                         // as saved
		{"The `config.json` file", 5},    // with the code span's backticks
		{"The `config.json` file ##", 5}, // and the closing hashes
		{"The config.json file", 5},      // as rendered
		{"**Bold** move", 9},             // emphasis markers
	} {
		s, err := p.FindSection(tt.ref)
		if err != nil || s.StartLine != tt.from {
			t.Errorf("FindSection(%q) = line %d, %v; want line %d", tt.ref, s.StartLine, err, tt.from)
		}
	}
}

// TestFindSectionInAnotherWidth: Japanese headings mix full- and half-width
// letters and punctuation; a section is found whichever width names it.
func TestFindSectionInAnotherWidth(t *testing.T) {
	content := "## ＡＰＩ（v2）の利用\n\nx\n\n## 「ランキング」の考え方（暫定）\n\ny\n\n## Setup: ｶﾞｲﾄﾞ\n\nz\n"
	p := Page{Filepath: "a.md", Content: content, Sections: []PageSection{{Content: "## ...", StartLine: 1, EndLine: 11}}}
	for _, tt := range []struct {
		ref  string
		from int
	}{
		{"API(v2)の利用", 1},
		{"ＡＰＩ（ｖ２）の利用", 1},
		{"「ランキング」の考え方(暫定)", 5},
		{"Ｓｅｔｕｐ: ガイド", 9},
	} {
		s, err := p.FindSection(tt.ref)
		if err != nil || s.StartLine != tt.from {
			t.Errorf("FindSection(%q) = line %d, %v; want line %d", tt.ref, s.StartLine, err, tt.from)
		}
	}
}

// TestFindSectionSearchReports checks the headings search reports that the
// outline has none for: the frontmatter's names (a section before the
// body, shown as indexed, with its own lines) and an opening text headed
// by the page's title.
func TestFindSectionSearchReports(t *testing.T) {
	p := Page{Filepath: "w.md", BodyStart: 6, Content: "Opening text.\n\n## Part\n\nText.\n", Sections: []PageSection{
		{Heading: "Retry budget", HeadingPath: "Retry budget", Content: "Retry budget\n\nops, retries", StartLine: 2, EndLine: 4},
		{Heading: "Retry budget", HeadingPath: "Retry budget", Content: "Opening text.", StartLine: 6, EndLine: 6},
		{Heading: "Part", HeadingPath: "Part", Anchor: "part", Content: "## Part\n\nText.", StartLine: 8, EndLine: 10},
	}}
	s, err := p.FindSection("retry budget")
	if err != nil || s.StartLine != 2 || s.EndLine != 4 || s.Content != "Retry budget\n\nops, retries" || !p.InFrontmatter(s) {
		t.Fatalf("FindSection(retry budget) = %+v, %v; want the frontmatter's names, lines 2-4", s, err)
	}
	for _, tc := range []struct{ start, end, from, to int }{{0, 0, 2, 4}, {3, 0, 3, 4}, {0, 3, 2, 3}} {
		from, to, err := p.Span(&s, tc.start, tc.end)
		if err != nil || from != tc.from || to != tc.to {
			t.Errorf("Span(names, %d, %d) = %d-%d, %v; want %d-%d", tc.start, tc.end, from, to, err, tc.from, tc.to)
		}
	}
	var ae *ArgumentError
	if _, _, err := p.Span(&s, 6, 0); !errors.As(err, &ae) || ae.Param != "start_line" {
		t.Errorf("Span(names, 6, 0): %v, want a start_line error", err)
	}
	if got := p.Lines(2, 4); got != "Retry budget\n\nops, retries" {
		t.Errorf("Lines(2, 4) = %q", got)
	}
	if got := p.Lines(6, 8); got != "Opening text.\n\n## Part" {
		t.Errorf("Lines(6, 8) = %q, the body's lines", got)
	}
	// Without the frontmatter's section, the title names the opening text.
	p.Sections = p.Sections[1:]
	if s, err := p.FindSection("Retry budget"); err != nil || s.StartLine != 6 || s.Content != "Opening text." {
		t.Errorf("FindSection(Retry budget) without names = %+v, %v; want the opening text", s, err)
	}
}

// TestOpensWithOwnHeading: a section's first part opens with its heading
// line (H1 title, H2, H3, ATX or setext); a later part with text or a
// sub-heading.
func TestOpensWithOwnHeading(t *testing.T) {
	for _, tt := range []struct {
		content string
		want    bool
	}{
		{"## Setup\n\nText.\n", true},
		{"### Setup\n", true},
		{"# Guide\n\nIntro.\n", true},
		{"Setup\n-----\n\nText.\n", true},
		{"#### Numbat rules\n\nText.\n", false},
		{"Filler text.\n\n## Merged\n", false},
		{"```\n# not one\n```\n", false},
		{"", false},
	} {
		if got := OpensWithOwnHeading(tt.content); got != tt.want {
			t.Errorf("OpensWithOwnHeading(%q) = %v, want %v", tt.content, got, tt.want)
		}
	}
}
