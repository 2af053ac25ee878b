package engine

import (
	"context"
	"testing"
)

// TestSectionPathWithFullWidthSeparator: a heading path named with the
// full-width ＞ a Japanese IME types, which needs no spaces around it
// ("CI連携＞--json オプション"), or with > and no spaces, names the section
// as "CI連携 > --json オプション" does. Before, the spaces around the
// separator had to be there as search prints them, and the section was
// "not a section of" the page.
func TestSectionPathWithFullWidthSeparator(t *testing.T) {
	e := searchProject(t, map[string]string{
		"s.md": "# 陳腐化検知\n\n## CI連携\n\n### --exit-code オプション\n\nx\n\n### --json オプション\n\ny\n",
	}, "none")
	ctx := context.Background()
	for _, ref := range []string{
		"CI連携 > --json オプション",
		"ＣＩ連携＞--json オプション",
		"CI連携>--json オプション",
		"CI連携　＞　--json オプション",
	} {
		p, err := e.GetPage(ctx, "s.md")
		if err != nil {
			t.Fatal(err)
		}
		s, err := p.FindSection(ref)
		if err != nil || s.StartLine != 9 {
			t.Errorf("FindSection(%q) = line %d, %v; want the section at line 9", ref, s.StartLine, err)
		}
	}
}
