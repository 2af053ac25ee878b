package engine

import (
	"strings"
	"testing"
)

// The relevance reason names where the match is as the result's section
// line shows it: under a sub-heading of a long section (an H4 opening a
// later part, one further down a part, one of an earlier part) or under a
// short section merged into the one before, the reason named the stored
// section's heading path ('Setup') while the section line showed the
// sub-heading. It names the sub-heading's path now, as the page outline
// writes paths ("Setup > Numbat rules").
func TestSearchReasonNamesTheHeadingShown(t *testing.T) {
	filler := func(b *strings.Builder, n int) {
		for i := 0; i < n; i++ {
			b.WriteString("Filler paragraph about horizontal scaling of the stateless workers and their queues.\n\n")
		}
	}
	var opening, earlier strings.Builder
	opening.WriteString("# Guide\n\n## Setup\n\n")
	filler(&opening, 32)
	opening.WriteString("#### Numbat rules\n\nThe quagga limit is set here.\n")
	earlier.WriteString("# Guide\n\n## Setup\n\n### Workers\n\n#### Numbat rules\n\n")
	filler(&earlier, 40)
	earlier.WriteString("The quagga limit is set here.\n")
	merged := "# Guide\n\n## Setup\n\n" + strings.Repeat("Filler paragraph about horizontal scaling of the stateless workers. ", 6) +
		"\n\n### Tiny\n\nThe quagga limit.\n\n#### Deeper\n\nThe dingo value.\n"
	tests := []struct {
		name, doc, query, heading, path string
	}{
		{"an H4 opening a later part", opening.String(), "quagga", "Numbat rules", "Setup > Numbat rules"},
		{"an H4 of an earlier part", earlier.String(), "quagga", "Numbat rules", "Setup > Workers > Numbat rules"},
		{"a short H3 merged into the section", merged, "quagga", "Tiny", "Setup > Tiny"},
		{"an H4 under the merged H3", merged, "dingo", "Deeper", "Setup > Tiny > Deeper"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := searchProject(t, map[string]string{"guide.md": tt.doc}, "none")
			res := mustSearch(t, e, SearchOptions{Query: tt.query})
			if len(res.Results) == 0 || len(res.Results[0].Sections) == 0 {
				t.Fatalf("search %q: no section", tt.query)
			}
			h := res.Results[0]
			if s := h.Sections[0]; s.Heading != tt.heading {
				t.Fatalf("section line under %q (lines %d-%d), want %q: the test does not test what it says", s.Heading, s.StartLine, s.EndLine, tt.heading)
			}
			if want := "in '" + tt.path + "'"; !strings.Contains(h.RelevanceReason, want) {
				t.Errorf("reason %q, want it to say %s", h.RelevanceReason, want)
			}
		})
	}
}
