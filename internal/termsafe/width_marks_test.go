package termsafe

import "testing"

// TestWidthOfMarksAndPictographs: the columns a terminal gives a string. Combining marks
// (the voiced mark U+3099 of decomposed デ, an acute accent) and
// zero-width characters take none; they were counted as one or two.
// An emoji takes two; it was counted as one.
func TestWidthOfMarksAndPictographs(t *testing.T) {
	tests := []struct {
		name, s string
		want    int
	}{
		{"ascii", "docs/a.md", 9},
		{"kanji and kana", "所有権とは？", 12},
		{"full-width latin", "ＡＰＩ", 6},
		{"half-width katakana", "ｱｲﾃﾑ", 4},
		{"decomposed kana", "テ\u3099ータ", 6},
		{"decomposed semi-voiced", "ハ\u309aン", 4},
		{"combining acute", "cafe\u0301", 4},
		{"zero-width space and joiner", "a\u200bb\u200dc", 3},
		{"variation selector", "葛\U000E0100", 2},
		{"emoji", "🚀 リリース", 11},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Width(tt.s); got != tt.want {
				t.Errorf("Width(%q) = %d, want %d", tt.s, got, tt.want)
			}
		})
	}
}
