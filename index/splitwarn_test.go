package index

import (
	"fmt"
	"strings"
	"testing"
)

// TestContainerSplitWarningCountsEveryPart: a list item, block quote or
// admonition over maxBlockBytes split both in a paragraph and in a code
// block (or an HTML block) inside it warns once for it, with the number
// of parts it was parsed in counting every split of it and the line of
// its first split, whatever its kind; a second container split warns on
// its own, and one split in code only (nothing lost) does not warn.
func TestContainerSplitWarningCountsEveryPart(t *testing.T) {
	para := func(prefix string) string { return strings.Repeat(prefix+"*a* b text\n", maxBlockBytes/12) }
	code := func(prefix, fence string) string {
		return prefix + fence + "\n" + strings.Repeat(prefix+"code line\n", maxBlockBytes/6) + prefix + fence + "\n"
	}
	html := func(prefix string) string {
		return prefix + "<!--\n" + strings.Repeat(prefix+"x\n", maxBlockBytes/2) + prefix + "-->\n"
	}
	// Each container is a top-level block between "# T" and "## After";
	// warned lists the containers that warn, by index.
	cases := []struct {
		name       string
		containers []string
		warned     []int
	}{
		{"list-item-paragraph-then-code", []string{"- start\n" + para("  ") + "\n" + code("  ", "```")}, []int{0}},
		{"list-item-code-then-paragraph", []string{"- start\n\n" + code("  ", "~~~") + "\n" + para("  ")}, []int{0}},
		{"quote-paragraph-code-paragraph", []string{para("> ") + ">\n" + code("> ", "```") + ">\n" + para("> ")}, []int{0}},
		{"admonition-html-then-paragraph", []string{"!!! note\n\n" + html("    ") + "\n" + para("    ")}, []int{0}},
		{"two-containers", []string{"- start\n" + para("  ") + "\n" + code("  ", "```"), "> start\n>\n" + code("> ", "```") + ">\n" + para("> ")}, []int{0, 1}},
		{"code-only-then-paragraph", []string{"- start\n\n" + code("  ", "```"), "> start\n>\n" + para("> ") + ">\n" + code("> ", "```")}, []int{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("# T\n\n")
			var starts []int // each container's body offset
			for _, ct := range c.containers {
				starts = append(starts, b.Len())
				b.WriteString(ct + "\n## Between\n\n")
			}
			b.WriteString("## After\n\nSee [x](x.md).\n")
			src := []byte(b.String())
			// The splits of each container, counted from the pieces: a
			// piece with a stand-in that starts inside it.
			ps, _ := pieces(src, maxPieceBytes, maxBlockBytes)
			var want []Warning
			for _, i := range c.warned {
				end := len(src)
				if i+1 < len(starts) {
					end = starts[i+1]
				}
				splits, code, first := 0, 0, 0
				for _, p := range ps {
					if p.standIn != nil && p.start > starts[i] && p.start < end {
						if splits == 0 {
							first = p.start
						}
						splits++
						if p.code {
							code++
						}
					}
				}
				if code == 0 || code == splits {
					t.Fatalf("container %d: %d splits, %d in code: want both kinds", i, splits, code)
				}
				want = append(want, Warning{File: "big.md", Line: strings.Count(string(src[:first]), "\n") + 1, Message: fmt.Sprintf(
					"parsed in %d parts", splits+1)})
			}
			checkSplitWarnings(t, src, want, "list item, block quote or admonition")
		})
	}
}

// TestBlockCutWarningCountsEachBlock: each top-level paragraph or table
// over maxBlockBytes cut in parts warns once for itself, with the number
// of parts it was parsed in and the line of its own first cut; a second
// long block warns on its own (one warning added up the cuts of all of
// them, naming the first block's line).
func TestBlockCutWarningCountsEachBlock(t *testing.T) {
	para := func(n int) string { return strings.Repeat("*a* b text\n", n*maxBlockBytes/11) }
	line := func(n int) string { return strings.Repeat("*a* b ", n*maxBlockBytes/6) + "\n" }
	table := func(n int) string {
		return "| a | b |\n| - | - |\n" + strings.Repeat("| *x* | y |\n", n*maxBlockBytes/12)
	}
	// Each block is a top-level block after "# T", followed by sep.
	heading, blank := "\n## Between\n\n", "\n"
	cases := []struct {
		name, sep string
		blocks    []string
	}{
		{"one-paragraph", heading, []string{para(3)}},
		{"two-paragraphs", heading, []string{para(3), para(2)}},
		{"two-paragraphs-one-blank-line-apart", blank, []string{para(2), para(3)}},
		{"paragraph-and-one-line", blank, []string{para(2), line(4)}},
		{"table", heading, []string{table(3)}},
		{"paragraph-and-table", heading, []string{para(4), table(2)}},
		{"table-and-paragraph", blank, []string{table(2), para(3)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("# T\n\n")
			var starts []int // each block's body offset
			for _, blk := range c.blocks {
				starts = append(starts, b.Len())
				b.WriteString(blk + c.sep)
			}
			b.WriteString("## After\n\nSee [x](x.md).\n")
			src := []byte(b.String())
			// The cuts of each block, counted from the pieces: a hard
			// piece that starts inside it.
			ps, _ := pieces(src, maxPieceBytes, maxBlockBytes)
			var want []Warning
			for i := range c.blocks {
				end := len(src)
				if i+1 < len(starts) {
					end = starts[i+1]
				}
				cuts, first := 0, 0
				for _, p := range ps {
					if p.hard && p.start > starts[i] && p.start < end {
						if cuts == 0 {
							first = p.start
						}
						cuts++
					}
				}
				if cuts == 0 {
					t.Fatalf("block %d: not cut", i)
				}
				want = append(want, Warning{File: "big.md", Line: strings.Count(string(src[:first]), "\n") + 1, Message: fmt.Sprintf(
					"parsed in %d parts", cuts+1)})
			}
			checkSplitWarnings(t, src, want, "paragraph or table")
		})
	}
}

// checkSplitWarnings parses src in pieces and checks its warnings are
// want, in order (file, line, the message's count), each naming kind.
func checkSplitWarnings(t *testing.T, src []byte, want []Warning, kind string) {
	t.Helper()
	_, warns := parsePieces("big.md", "", src, maxPieceBytes)
	if len(warns) != len(want) {
		t.Fatalf("warnings %v, want %d: %v", warns, len(want), want)
	}
	for i, w := range warns {
		if w.File != want[i].File || w.Line != want[i].Line || !strings.Contains(w.Message, want[i].Message) ||
			!strings.Contains(w.Message, kind) {
			t.Errorf("warning %d: %+v, want line %d and %q", i, w, want[i].Line, want[i].Message)
		}
	}
}
