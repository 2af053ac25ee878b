package mcpserver

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// bigPage is a page of n sections of 3 lines each after a 4-line
// frontmatter: section i (1-based) has its heading on line 5+3*(i-1).
func bigPage(n int) engine.Page {
	var body strings.Builder
	p := engine.Page{Filepath: "big.md", Title: "Big"}
	for i := 1; i <= n; i++ {
		start := 5 + 3*(i-1)
		sec := fmt.Sprintf("## Part %d\nText of part %d with <tags> & \"quotes\".\n", i, i)
		body.WriteString(sec + "\n")
		p.Sections = append(p.Sections, engine.PageSection{Heading: fmt.Sprintf("Part %d", i), HeadingPath: fmt.Sprintf("Big > Part %d", i),
			Anchor: fmt.Sprintf("part-%d", i), Content: strings.TrimSuffix(sec, "\n"), StartLine: start, EndLine: start + 2})
		p.Outlinks = append(p.Outlinks, engine.PageLink{Target: fmt.Sprintf("t%d", i), Line: start + 1})
	}
	p.Content = strings.TrimRight(body.String(), "\n")
	for i := 0; i < 70; i++ {
		p.Backlinks = append(p.Backlinks, engine.PageLink{Target: "big", Line: i + 1})
	}
	return p
}

func TestViewPage(t *testing.T) {
	p := bigPage(250) // ~15 KB of content
	last := 5 + 3*250 - 2
	cases := []struct {
		name                  string
		w                     pageWindow
		start, end, next      int
		truncated             bool
		firstLine, contentHas string
	}{
		{"whole page fits a large budget", pageWindow{MaxSize: 200000}, 5, last, 0, false, "## Part 1", "Part 250"},
		{"the default budget cuts a long page", pageWindow{}, 5, -1, -1, true, "## Part 1", "part 9 with"},
		{"a section by anchor", pageWindow{Section: "part-10"}, 32, 33, 0, false, "## Part 10", "part 10 with"},
		{"a section by heading, any case", pageWindow{Section: "PART 7"}, 23, 24, 0, false, "## Part 7", "part 7 with"},
		{"a line range", pageWindow{StartLine: 8, EndLine: 9}, 8, 9, 0, false, "## Part 2", "part 2 with"},
		{"a small budget cuts at a whole line", pageWindow{MaxSize: 1000}, 5, -1, -1, true, "## Part 1", "part 1 with"},
		{"reading on from next_start_line", pageWindow{StartLine: 60, MaxSize: 1000}, 60, -1, -1, true, "", "part 20"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := viewPage(p, c.w)
			if err != nil {
				t.Fatal(err)
			}
			if c.end < 0 { // cut by the budget
				c.end, c.next = out.EndLine, out.EndLine+1
			}
			if out.StartLine != c.start || out.EndLine != c.end || out.NextStartLine != c.next || out.Truncated != c.truncated {
				t.Errorf("lines %d-%d next %d truncated %v, want %d-%d next %d truncated %v",
					out.StartLine, out.EndLine, out.NextStartLine, out.Truncated, c.start, c.end, c.next, c.truncated)
			}
			if c.firstLine != "" && !strings.HasPrefix(out.Content, c.firstLine) {
				t.Errorf("content starts %.40q, want %q", out.Content, c.firstLine)
			}
			if !strings.Contains(out.Content, c.contentHas) {
				t.Errorf("content lacks %q", c.contentHas)
			}
			if got := strings.Count(out.Content, "\n") + 1; got != out.EndLine-out.StartLine+1 {
				t.Errorf("content has %d lines, range says %d", got, out.EndLine-out.StartLine+1)
			}
			budget := c.w.MaxSize
			if budget == 0 {
				budget = defaultPageSize
			}
			if sent, _ := jsonSize(out); sent > budget {
				t.Errorf("the answer is %d bytes as sent, max_size %d", sent, budget)
			}
			if out.Truncated {
				// One more line would not have fitted.
				more := out
				more.EndLine++
				more.Content += "\n" + strings.Split(p.Content, "\n")[out.EndLine+1-5]
				for _, l := range p.Outlinks {
					if l.Line == more.EndLine {
						more.Outlinks = append(more.Outlinks, l)
					}
				}
				if n, _ := jsonSize(more); n <= budget {
					t.Errorf("stopped at line %d although the next line fits (%d bytes <= %d)", out.EndLine, n, budget)
				}
			}
			for _, l := range out.Outlinks {
				if l.Line < out.StartLine || l.Line > out.EndLine {
					t.Errorf("outlink on line %d outside the lines sent %d-%d", l.Line, out.StartLine, out.EndLine)
				}
			}
			if len(out.Sections) > maxOutlineSections || out.SectionsTotal != 250 {
				t.Errorf("outline of %d sections (total %d)", len(out.Sections), out.SectionsTotal)
			}
			if len(out.Backlinks) > maxPageBacklinks || len(out.Backlinks) == 0 || out.BacklinkTotal != 70 {
				t.Errorf("%d backlinks of %d", len(out.Backlinks), out.BacklinkTotal)
			}
		})
	}
	// Reading on from next_start_line until the end gives back the whole
	// text, each line once.
	var got []string
	w := pageWindow{MaxSize: 1500}
	for i := 0; ; i++ {
		out, err := viewPage(p, w)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, out.Content)
		if out.NextStartLine == 0 {
			break
		}
		if i > 1000 {
			t.Fatal("reading on never ends")
		}
		w.StartLine = out.NextStartLine
	}
	if strings.Join(got, "\n") != p.Content {
		t.Error("the windows read one after the other do not give back the document")
	}
	for _, bad := range []pageWindow{{Section: "nope"}, {StartLine: last + 1}, {StartLine: 10, EndLine: 9}} {
		if _, err := viewPage(p, bad); err == nil {
			t.Errorf("viewPage(%+v) accepted", bad)
		}
	}
}

// jsonSent is the size of s as ubp sends it: JSON without HTML escaping.
func jsonSent(t *testing.T, s string) int {
	t.Helper()
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return b.Len() - 1
}

func TestJSONStringSize(t *testing.T) {
	for i, s := range []string{"", "plain", "<a href=\"x\">&amp;</a>", "tab\there\nnew", "日本語のテキスト", "\x01\x1f", "bad \xff utf8", "line\u2028sep"} {
		t.Run(fmt.Sprint("string ", i), func(t *testing.T) {
			if got, want := jsonStringSize(s), jsonSent(t, s)-2; got != want {
				t.Errorf("jsonStringSize(%q) = %d, want %d", s, got, want)
			}
		})
	}
}

// BenchmarkViewPage: one default window of a ~200 KB page (3,000
// sections), the bisection included.
func BenchmarkViewPage(b *testing.B) {
	p := bigPage(3000)
	b.SetBytes(int64(len(p.Content)))
	for b.Loop() {
		if _, err := viewPage(p, pageWindow{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestViewPageManySourceRefs: the source refs count against max_size like
// the rest of the answer, so a page with many of them still sends its
// text within the budget; the totals say what was left out.
func TestViewPageManySourceRefs(t *testing.T) {
	p := bigPage(20)
	for i := 0; i < 40; i++ {
		ref := fmt.Sprintf("src/module%02d/handler_with_a_long_name.go#Handler%02d", i, i)
		p.SourceRefs = append(p.SourceRefs, engine.RefStatus{Ref: ref, Line: 2, Changed: i%2 == 0, Reason: "modified",
			Commit: "0123456789abcdef0123456789abcdef01234567", Author: "someone", ChangedAt: "2026-11-26T00:00:00Z"})
		if i%2 == 0 {
			p.StaleRefs = append(p.StaleRefs, ref)
		}
	}
	for _, maxSize := range []int{1000, 2000, 5000} {
		out, err := viewPage(p, pageWindow{MaxSize: maxSize})
		if err != nil {
			t.Fatal(err)
		}
		if sent, _ := jsonSize(out); sent > maxSize {
			t.Errorf("max_size %d: the answer is %d bytes as sent", maxSize, sent)
		}
		// A ref with its commit takes about 230 bytes: none fits a fifth of 1000.
		if out.SourceRefsTotal != 40 || (maxSize > 1000 && len(out.SourceRefs) == 0) || len(out.SourceRefs) >= 40 || len(out.StaleRefs) == 0 {
			t.Errorf("max_size %d: %d of %d source refs, %d stale refs", maxSize, len(out.SourceRefs), out.SourceRefsTotal, len(out.StaleRefs))
		}
		if !strings.HasPrefix(out.Content, "## Part 1\nText of part 1") {
			t.Errorf("max_size %d: content %.60q, want the page's first lines", maxSize, out.Content)
		}
	}
}

// TestViewPageLongLine: a line longer than max_size is sent in parts, each
// window saying at which character of the line to read on; reading on
// gives back every line whole, once, and the line after it comes next.
func TestViewPageLongLine(t *testing.T) {
	var long strings.Builder
	for i := 0; long.Len() < 30000; i++ {
		fmt.Fprintf(&long, "sentence %d of a long paragraph — ", i)
	}
	long.WriteString("ENDMARKER")
	p := engine.Page{Filepath: "long.md", Title: "Long", Content: "# Long\n\n" + long.String() + "\n\n## Next\n\nnext section"}
	var got strings.Builder
	w := pageWindow{MaxSize: 5000}
	for i := 0; ; i++ {
		out, err := viewPage(p, w)
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := jsonSize(out); n > w.MaxSize+minPageText {
			t.Errorf("window %d: %d bytes for max_size %d", i, n, w.MaxSize)
		}
		got.WriteString(out.Content)
		if out.NextStartLine == 0 {
			break
		}
		if out.NextStartColumn == 0 {
			got.WriteString("\n") // the next window starts a new line
		} else if out.NextStartLine != out.StartLine {
			t.Fatalf("window %d: next_start_column %d for line %d, the window starts on line %d", i, out.NextStartColumn, out.NextStartLine, out.StartLine)
		}
		if i > 100 {
			t.Fatal("reading on never ends")
		}
		w.StartLine, w.StartColumn = out.NextStartLine, out.NextStartColumn
	}
	if got.String() != p.Content {
		t.Errorf("the windows read one after the other do not give back the document (%d of %d bytes)", got.Len(), len(p.Content))
	}
	if _, err := viewPage(p, pageWindow{StartLine: 1, StartColumn: 8}); err == nil || !strings.Contains(err.Error(), "start_column") {
		t.Errorf("start_column past the end of the line: %v", err)
	}
}

// TestViewPageManyLinksInALine: the links of the lines sent count in
// max_size like the rest: a paragraph of 5,000 wiki-links read in parts
// sent all 5,000 with each part (626 KB for max_size 1,000).
func TestViewPageManyLinksInALine(t *testing.T) {
	var line strings.Builder
	var links []engine.PageLink
	for i := range 5000 {
		fmt.Fprintf(&line, "[[page%d]] ", i)
		links = append(links, engine.PageLink{Target: fmt.Sprintf("page%d", i), Line: 3})
	}
	p := engine.Page{Filepath: "linky.md", Title: "Linky", Content: "# Linky\n\n" + line.String() + "\n", Outlinks: links}
	for _, max := range []int{1000, 20000} {
		out, err := viewPage(p, pageWindow{MaxSize: max, StartLine: 3})
		if err != nil {
			t.Fatal(err)
		}
		if n, _ := jsonSize(out); n > max {
			t.Errorf("max_size %d: %d bytes", max, n)
		}
		// At 1,000 bytes the text leaves no room for the links it holds:
		// their total says they are there.
		if out.OutlinksTotal != 5000 || (max > 1000 && len(out.Outlinks) == 0) || len(out.Outlinks) >= 5000 {
			t.Errorf("max_size %d: %d outlinks of %d", max, len(out.Outlinks), out.OutlinksTotal)
		}
	}
}

// TestViewPageLastLineSentWhole: a last line sent whole, though the
// answer is over max_size (a window's least text), is not truncated: there
// is nothing to read on to, and truncated said there was.
func TestViewPageLastLineSentWhole(t *testing.T) {
	line := strings.Repeat("word ", 80) // 400 bytes: under minPageText
	p := engine.Page{Filepath: "p.md", Title: "P", Content: "# P\n\nfirst\n\n" + line}
	for _, start := range []int{5, 3} {
		out, err := viewPage(p, pageWindow{MaxSize: 300, StartLine: start})
		if err != nil {
			t.Fatal(err)
		}
		if start == 5 && (out.Truncated || out.NextStartLine != 0 || out.Content != line) {
			t.Errorf("last line: truncated %v, next %d, content %d bytes", out.Truncated, out.NextStartLine, len(out.Content))
		}
		if out.Truncated && out.NextStartLine == 0 {
			t.Errorf("start %d: truncated with nowhere to read on", start)
		}
	}
}

// TestViewPageOfTheFrontmatterNames checks the section search reports for
// a frontmatter's names: it opens with its own lines, before the body's.
func TestViewPageOfTheFrontmatterNames(t *testing.T) {
	p := engine.Page{Filepath: "w.md", Title: "Retry budget", BodyStart: 6, Content: "## Part\n\nText.\n",
		Sections: []engine.PageSection{
			{Heading: "Retry budget", HeadingPath: "Retry budget", Content: "Retry budget\n\nops", StartLine: 2, EndLine: 4},
			{Heading: "Part", HeadingPath: "Part", Anchor: "part", Content: "## Part\n\nText.", StartLine: 6, EndLine: 8},
		}}
	out, err := viewPage(p, pageWindow{Section: "Retry budget"})
	if err != nil || out.StartLine != 2 || out.EndLine != 4 || out.Content != "Retry budget\n\nops" || out.Truncated {
		t.Fatalf("names: lines %d-%d %q truncated %v, %v; want lines 2-4 of the names", out.StartLine, out.EndLine, out.Content, out.Truncated, err)
	}
	if out, err := viewPage(p, pageWindow{Section: "part"}); err != nil || out.StartLine != 6 || !strings.HasPrefix(out.Content, "## Part") {
		t.Errorf("part: lines %d-%d %q, %v", out.StartLine, out.EndLine, out.Content, err)
	}
}

// TestViewPageStaysWithinMaxSize reads a page with long lines, many
// backlinks and source refs window after window at small budgets: every
// answer stays within max_size (a third of the windows at 1,000 went over,
// by up to 546 bytes, when the page's lists took the room of the text's
// least part).
func TestViewPageStaysWithinMaxSize(t *testing.T) {
	p := bigPage(40)
	long := strings.Repeat("長い行の本文。", 30) // 630 bytes
	p.Content = strings.Replace(p.Content, "Text of part 3 with", long+" part 3 with", 1)
	for i := range 8 {
		p.SourceRefs = append(p.SourceRefs, engine.RefStatus{Ref: fmt.Sprintf("src/module%d/file%d.go", i, i), Line: 2 + i})
	}
	for _, max := range []int{1000, 2000} {
		w := pageWindow{MaxSize: max}
		for i := 0; ; i++ {
			out, err := viewPage(p, w)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := jsonSize(out); n > max {
				t.Errorf("max_size %d, window from line %d column %d: %d bytes", max, w.StartLine, w.StartColumn, n)
			}
			if !out.Truncated || i > 500 {
				break
			}
			w.StartLine, w.StartColumn = out.NextStartLine, out.NextStartColumn
		}
	}
}
