package index

import (
	"strings"
	"testing"
)

// TestSectionsSplitKeepsASubheadingWithItsText: a long section is cut
// before a sub-heading (#### and deeper stay inside an H2/H3 section), not
// between it and its text: a part never ends right after a heading. Until
// 2026-11-28 the cut went before the paragraph that did not fit, so one
// part ended with "#### Rules" and the next held its text without it (36
// of unified-blueprint's 78 cuts).
func TestSectionsSplitKeepsASubheadingWithItsText(t *testing.T) {
	var b strings.Builder
	b.WriteString("## Long\n")                       // 1
	b.WriteString("\n" + words(90, "a") + "\n")      // 3
	b.WriteString("\n" + words(90, "b") + "\n")      // 5
	b.WriteString("\n#### Rules\n")                  // 7
	b.WriteString("\n" + words(90, "r") + "\n")      // 9: does not fit after 3, 5 and 7
	b.WriteString("\n##### Deeper\n\n##### Again\n") // 11, 13: two headings in a row
	b.WriteString("\n" + words(90, "s") + "\n")      // 15
	b.WriteString("\n" + words(90, "t") + "\n")      // 17
	doc := mustParse(t, "long.md", b.String())
	checkSections(t, doc, []wantSection{
		{"Long", "Long", "long", 2, 1, 5},
		{"Long", "Long", "long", 2, 7, 15},
		{"Long", "Long", "long", 2, 17, 17},
	})
	for _, s := range doc.Sections {
		lines := strings.Split(strings.TrimSpace(s.Content), "\n")
		if last := lines[len(lines)-1]; strings.HasPrefix(last, "#") {
			t.Errorf("part at lines %d-%d ends with the heading %q", s.StartLine, s.EndLine, last)
		}
	}
}
