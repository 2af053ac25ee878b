package index

import "testing"

func TestEstimateTokens(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"   \n\t", 0},
		{"hello", 2},                // 1 word → ceil(1.3)
		{"hello world", 3},          // 2 words → ceil(2.6)
		{"a b c d e f g h i j", 13}, // 10 words → 13
		{"snake_case", 3},           // two runs
		{"v1.2.3", 4},               // three runs
		{"日本語", 3},                  // 3 Han
		{"ひらがなカタカナ", 8},             // kana count one each
		{"データベース", 6},               // ー counts
		{"한국어", 3},                  // Hangul
		{"ＡＢＣ１２", 5},                // fullwidth
		{"「設計」。", 5},                // CJK punctuation counts
		{"設計 doc", 2 + 2},           // mixed: 2 CJK + 1 word
		{"日本語\u3000text", 3 + 2},    // ideographic space counts nothing
		{"café naïve", 3},           // Latin letters with accents are words
		{"e\u0301", 2},              // combining mark stays in the word
		{"!!! --- ###", 0},          // punctuation only
		{"\xff\xfe", 0},             // invalid UTF-8 does not count
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := EstimateTokens(tt.in); got != tt.want {
				t.Errorf("EstimateTokens(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Hello World", "hello-world"},
		{"  Trim me  ", "trim-me"},
		{"API: v2 (beta)!", "api-v2-beta"},
		{"snake_case and-dash", "snake_case-and-dash"},
		{"Two  spaces", "two--spaces"},
		{"C++ & Go", "c--go"},
		{"データベース設計", "データベース設計"},
		{"認証フロー（概要）", "認証フロー概要"},
		{"日本語 と English", "日本語-と-english"},
		{"ÜBER Straße", "über-straße"},
		{"1. Introduction", "1-introduction"},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Slug(tt.in); got != tt.want {
				t.Errorf("Slug(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestSluggerDedupes(t *testing.T) {
	s := newSlugger()
	var got []string
	for _, h := range []string{"Usage", "Usage", "Usage-1", "Usage", "使い方", "使い方"} {
		got = append(got, s.next(h))
	}
	want := []string{"usage", "usage-1", "usage-1-1", "usage-2", "使い方", "使い方-1"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("anchor %d = %q, want %q (all: %q)", i, got[i], want[i], got)
		}
	}
}
