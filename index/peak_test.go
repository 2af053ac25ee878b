//go:build linux || darwin

package index

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// peakFileEnv names the file a child process of the test binary parses
// (TestMain) for TestParsePeakMemory to read its peak resident size;
// peakOutEnv names the file the child writes that peak to.
const (
	peakFileEnv = "UBP_INDEX_PEAK_FILE"
	peakOutEnv  = "UBP_INDEX_PEAK_OUT"
)

func TestMain(m *testing.M) {
	if p := os.Getenv(peakFileEnv); p != "" {
		os.Exit(parseAsChild(p, os.Getenv(peakOutEnv)))
	}
	os.Exit(m.Run())
}

// parseAsChild parses the file p, prints its sections and links, and
// writes its own peak resident size in bytes to the file out; it returns
// the process's exit status.
func parseAsChild(p, out string) int {
	src, err := os.ReadFile(p)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	doc, _ := Parse(filepath.Base(p), src)
	fmt.Println(len(doc.Sections), len(doc.Links))
	peak, err := ownPeak()
	if err == nil {
		err = os.WriteFile(out, []byte(strconv.FormatInt(peak, 10)), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return 0
}

// hugeInputs are files of DefaultMaxFileSize (the largest ubp reads) made
// of one small construct repeated.
var hugeInputs = []struct {
	name string
	unit func(i int) string
}{
	{"headings", func(i int) string { return fmt.Sprintf("## h%d\n", i) }},
	{"h1-headings", func(i int) string { return fmt.Sprintf("# h%d\n", i) }},
	{"tiny-sections", func(i int) string { return fmt.Sprintf("## Section %d\n\nSome text here with words %d.\n\n", i, i) }},
	{"normal-sections", func(i int) string {
		return fmt.Sprintf("## Heading %d\n\nSome *text* with a [link](x.md) and [[wiki]] and `code`.\n\n- item\n  - nested\n\n> quote\n\n", i)
	}},
	// One block the whole file long: goldmark parses a block's inline
	// content at once, and every text node, delimiter and link of it is
	// held until the block is done.
	{"emphasis-paragraph", func(int) string { return "*a* " }},
	{"wiki-link-paragraph", func(int) string { return "[[a]] " }},
	{"link-paragraph", func(int) string { return "[a](b.md) " }},
	{"table-rows", func(i int) string {
		if i == 0 {
			return "| a | b |\n| - | - |\n"
		}
		return "| *x* | y |\n"
	}},
	{"nested-list", func(i int) string { return "- a\n  - b\n" }},
	// Five million lines: what every line costs, in ubp and in goldmark's
	// code block (a segment a line).
	{"blank-lines", func(i int) string {
		if i == 0 {
			return "a\n"
		}
		return "\n"
	}},
	{"fenced-blank-lines", func(i int) string {
		if i == 0 {
			return "```\n"
		}
		return "\n"
	}},
	{"fenced-code", func(i int) string {
		if i == 0 {
			return "~~~~ go\n"
		}
		return "[x](y.md) [[w]] code\n"
	}},
	{"indented-code", func(int) string { return "    [x](y.md) [[w]] code\n" }},
	{"indented-blank-lines", func(i int) string {
		if i == 0 {
			return "    x\n"
		}
		return "\n"
	}},
	// Nesting beyond the limits (boundNesting): the deeper markup is text.
	{"deep-quotes", func(int) string { return strings.Repeat("> ", 40) + "a [[w]]\n" }},
	{"deep-lists", func(i int) string { return strings.Repeat("  ", i%10000) + "- a [[w]]\n" }},
}

// hugeFile writes the input made of unit repeated up to
// DefaultMaxFileSize bytes and returns its path.
func hugeFile(t testing.TB, unit func(i int) string) string {
	var b strings.Builder
	for i := 0; ; i++ {
		u := unit(i)
		if int64(b.Len()+len(u)) > DefaultMaxFileSize {
			break
		}
		b.WriteString(u)
	}
	p := filepath.Join(t.TempDir(), "huge.md")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestParsePeakMemory parses files of the largest size ubp reads, each in
// a process of its own, and bounds the process's peak resident size: the
// memory of parsing one file stays within some tens of times its size
// whatever its shape (a 5 MB file of headings took 800 MB when goldmark
// parsed it whole).
func TestParsePeakMemory(t *testing.T) {
	for _, in := range hugeInputs {
		t.Run(in.name, func(t *testing.T) {
			peak, out := parseInChild(t, hugeFile(t, in.unit))
			t.Logf("%s: peak RSS %d MB (sections, links: %s)", in.name, peak>>20, out)
			checkPeak(t, in.name, peak)
		})
	}
}

// maxParsePeak bounds the peak resident size of a child process parsing
// one file of DefaultMaxFileSize bytes.
const maxParsePeak = 384 << 20

// checkPeak fails the test when peak, the peak resident size of parsing a
// file of DefaultMaxFileSize bytes of shape name, is over maxParsePeak.
func checkPeak(t *testing.T, name string, peak int64) {
	t.Helper()
	if peak > maxParsePeak {
		t.Errorf("peak RSS parsing a %d-byte file of %s is %d MB, want at most %d MB",
			DefaultMaxFileSize, name, peak>>20, maxParsePeak>>20)
	}
}

// childParseTimeout bounds the parse of one file in a child process: a
// hang guard far above what any file takes (seconds), so that a parse that
// never ends fails the test instead of stalling it.
const childParseTimeout = 3 * time.Minute

// parseInChild parses the file p in a child process of the test binary
// (TestMain) and returns the child's own peak resident size in bytes (as
// the child read it, ownPeak) and what it printed (sections and links).
// It fails the test when the parse fails, the child cannot read its peak
// (no /proc), or the parse does not end within childParseTimeout.
func parseInChild(t *testing.T, p string) (peak int64, out string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), childParseTimeout)
	defer cancel()
	peakOut := filepath.Join(t.TempDir(), "peak")
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), peakFileEnv+"="+p, peakOutEnv+"="+peakOut)
	b, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("parsing %s in a child process did not end within %v", p, childParseTimeout)
	}
	if err != nil {
		t.Fatalf("parsing %s in a child process: %v\n%s", p, err, b)
	}
	pb, err := os.ReadFile(peakOut)
	if err != nil {
		t.Fatalf("reading the peak of the child that parsed %s: %v", p, err)
	}
	if peak, err = strconv.ParseInt(string(pb), 10, 64); err != nil {
		t.Fatalf("the child that parsed %s wrote %q as its peak: %v", p, pb, err)
	}
	return peak, strings.TrimSpace(string(b))
}

// TestParseHugeContainers parses files of the largest size ubp reads made
// of one list item or block quote, each in a process of its own, and wants
// every parse to end (within childParseTimeout), to find the links of the
// file and to stay within the peak of TestParsePeakMemory: goldmark's link
// parser walked back over a block's lines for every link, so a paragraph
// of a quote or list item the whole file long took the square of its lines
// (minutes), and such a container, one top-level block, was parsed whole
// (630-1110 MB) until it was split (containerCut).
func TestParseHugeContainers(t *testing.T) {
	for _, in := range hugeContainers {
		t.Run(in.name, func(t *testing.T) {
			peak, out := parseInChild(t, hugeFile(t, in.unit))
			t.Logf("%s: peak RSS %d MB (sections, links: %s)", in.name, peak>>20, out)
			var sections, links int
			if _, err := fmt.Sscan(out, &sections, &links); err != nil || sections < 1 || links != MaxDocLinks {
				t.Errorf("child printed %q, want its sections and %d links", out, MaxDocLinks)
			}
			checkPeak(t, in.name, peak)
		})
	}
}

// TestParseHugeCodeContainers parses files of the largest size ubp reads
// made of one list item or block quote holding one code block, each in a
// process of its own, and bounds its peak as TestParsePeakMemory does:
// such a container was parsed whole, goldmark holding a segment for every
// line of the code (a list item of a fence and 5 MiB of "  x" lines
// peaked at 502 MB) until it was split inside the code.
func TestParseHugeCodeContainers(t *testing.T) {
	for _, in := range hugeCodeContainers {
		t.Run(in.name, func(t *testing.T) {
			peak, out := parseInChild(t, hugeFile(t, in.unit))
			t.Logf("%s: peak RSS %d MB (sections, links: %s)", in.name, peak>>20, out)
			var sections, links int
			if _, err := fmt.Sscan(out, &sections, &links); err != nil || sections < 1 || links != 0 {
				t.Errorf("child printed %q, want its sections and no links (code)", out)
			}
			checkPeak(t, in.name, peak)
		})
	}
}

// TestParseHugeHTMLBlocks parses files of the largest size ubp reads made
// of one HTML block, at the top level or in a list item or block quote,
// each in a process of its own, and bounds its peak as TestParsePeakMemory
// does: such a block was parsed whole, goldmark holding a segment for
// every line of it (a quote of "<!--" and 5 MiB of ">" lines peaked at
// 660 MB) until it was split at a line of it.
func TestParseHugeHTMLBlocks(t *testing.T) {
	for _, in := range hugeHTMLBlocks {
		t.Run(in.name, func(t *testing.T) {
			peak, out := parseInChild(t, hugeFile(t, func(i int) string {
				if i == 0 {
					return in.first
				}
				return in.line
			}))
			t.Logf("%s: peak RSS %d MB (sections, links: %s)", in.name, peak>>20, out)
			var sections, links int
			if _, err := fmt.Sscan(out, &sections, &links); err != nil || sections < 1 || links != 0 {
				t.Errorf("child printed %q, want its sections and no links (HTML)", out)
			}
			checkPeak(t, in.name, peak)
		})
	}
}

// BenchmarkParseHugeHeadings parses a file of DefaultMaxFileSize bytes of
// one-line H2 sections.
func BenchmarkParseHugeHeadings(b *testing.B) {
	src, err := os.ReadFile(hugeFile(b, hugeInputs[0].unit))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		Parse("huge.md", src)
	}
}
