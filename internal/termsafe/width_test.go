package termsafe

import "testing"

// TestWidth: a kanji, kana, hangul or full-width form takes two terminal
// columns, anything else one, so tables of Japanese titles and file names
// line up.
func TestWidth(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"design.md", 9},
		{"検索", 4},
		{"カタカナ", 8},
		{"ｶﾀｶﾅ", 4}, // half-width katakana take one
		{"ＡＰＩ", 6},
		{"src/存在しない.go", 17},
		{"한글", 4},
		{"é", 1},
	} {
		if got := Width(tc.in); got != tc.want {
			t.Errorf("Width(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}
