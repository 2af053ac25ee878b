package query

import (
	"strings"
	"testing"
)

// A snippet shows no heading markup: a stored section holds the heading
// lines of a short section merged into it and of its sub-headings, and a
// window showed their markers, whole or cut ("…efined. ### ⟦fresh⟧ All
// ⟦source_refs⟧", "…# fresh", "… ## ⟦source_refs⟧…"). The heading's text
// stays (it can hold a match). Nor does a window reach back over the
// heading the first match it shows is under, into text under the heading
// before ("…efined."): the result names that heading as the match's. A
// "#" inside fenced code is no heading and stays.
func TestSnippetShowsNoHeadingMarkup(t *testing.T) {
	levels := "## Staleness Levels\n\nFour staleness levels are defined.\n\n### fresh\n\nAll source_refs hashes match `last_synced_hash`. The document is up to date and does not need updating.\n\n### stale\n\nAt least one hash differs."
	tests := []struct {
		name, text, query string
		want, not         []string
	}{
		{"a merged heading holding the match", levels, "fresh source_refs",
			[]string{"…⟦fresh⟧ All ⟦source_refs⟧"}, []string{"#", "defined"}},
		{"a heading after the match", "Detects stale docs through source_refs fields.\n\n## source_refs\n\nEach ref names a file.", "source_refs",
			[]string{"⟦source_refs⟧ fields. ⟦source_refs⟧ Each"}, []string{"#"}},
		{"a sub-heading with closing markers", "Intro words.\n\n#### Numbat rules ####\n\nThe quagga limit is set here.", "quagga",
			[]string{"…Numbat rules The ⟦quagga⟧"}, []string{"#", "Intro"}},
		{"a comment in fenced code", "Run this:\n\n```sh\n# quagga setup\nmake quagga\n```\n", "quagga",
			[]string{"# ⟦quagga⟧ setup"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := Parse(tt.query)
			for _, width := range []int{20, 30, 40, 60, 200} {
				s := Snippet(tt.text, q.Terms, width)
				if width == 200 {
					for _, w := range tt.want {
						if !strings.Contains(s, w) {
							t.Errorf("width %d: %q lacks %q", width, s, w)
						}
					}
				}
				for _, n := range tt.not {
					if strings.Contains(s, n) {
						t.Errorf("width %d: %q shows %q", width, s, n)
					}
				}
			}
		})
	}
}
