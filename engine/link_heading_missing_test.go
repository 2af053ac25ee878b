package engine

import (
	"context"
	"testing"
)

// TestGetPageMarksLinksToAMissingHeading: an outlink whose heading the
// page it resolves to lacks ([[target#No Such Heading]],
// [x](target.md#no-such-anchor), [[#Nowhere]]) is marked HeadingMissing,
// as get-page target#heading would show the whole page; a heading the
// target has, by text, slug, heading path or percent-encoded, is not. A
// backlink naming a heading this page lacks is marked too. Until
// 2026-11-28 nothing told a broken anchor from a good one.
func TestGetPageMarksLinksToAMissingHeading(t *testing.T) {
	e := searchProject(t, map[string]string{
		"target.md": "# Target\n\n## Second Part\n\ntext\n\n### Deep Down\n\nmore\n\n#### Small\n\nx\n",
		"src.md": "# Src\n\n" +
			"[[target#Second Part]]\n" + // line 3: by text
			"[[target#second-part]]\n" + // 4: by slug
			"[ok](target.md#Second%20Part)\n" + // 5: percent-encoded text
			"[[target#Second Part > Deep Down]]\n" + // 6: heading path
			"[[target#Small]]\n" + // 7: an H4, in the outline
			"[[target#No Such Heading]]\n" + // 8: missing
			"[bad](target.md#no-such-anchor)\n" + // 9: missing
			"[[#Nowhere]]\n" + // 10: missing, on this page
			"[[#Local]]\n" + // 11: this page has it
			"[[target]]\n" + // 12: no heading
			"[[gone#Heading]]\n" + // 13: dangling
			"\n## Local\n\ntext\n",
		"other.md": "# Other\n\n[[src#Local]] [[src#Missing Here]]\n",
	}, "none")
	p, err := e.GetPage(context.Background(), "src.md")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]bool{3: false, 4: false, 5: false, 6: false, 7: false, 8: true, 9: true, 10: true, 11: false, 12: false, 13: false}
	seen := map[int]bool{}
	for _, l := range p.Outlinks {
		w, ok := want[l.Line]
		if !ok {
			t.Errorf("unexpected outlink %+v", l)
			continue
		}
		seen[l.Line] = true
		if l.HeadingMissing != w {
			t.Errorf("line %d %q#%q: HeadingMissing %v, want %v", l.Line, l.Target, l.TargetHeading, l.HeadingMissing, w)
		}
	}
	if len(seen) != len(want) {
		t.Errorf("outlinks on lines %v, want %v", seen, want)
	}
	var back []string
	for _, l := range p.Backlinks {
		if l.Filepath == "other.md" {
			back = append(back, l.TargetHeading+"="+map[bool]string{true: "missing", false: "ok"}[l.HeadingMissing])
		}
	}
	if got, w := len(back), 2; got != w || back[0] != "Local=ok" || back[1] != "Missing Here=missing" {
		t.Errorf("backlinks from other.md %v, want [Local=ok Missing Here=missing]", back)
	}
}
