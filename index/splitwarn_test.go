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
			_, warns := parsePieces("big.md", "", src, maxPieceBytes)
			if len(warns) != len(want) {
				t.Fatalf("warnings %v, want %d: %v", warns, len(want), want)
			}
			for i, w := range warns {
				if w.File != want[i].File || w.Line != want[i].Line || !strings.Contains(w.Message, want[i].Message) ||
					!strings.Contains(w.Message, "list item, block quote or admonition") {
					t.Errorf("warning %d: %+v, want line %d and %q", i, w, want[i].Line, want[i].Message)
				}
			}
		})
	}
}
