package textfold

import (
	"slices"
	"testing"
	"unicode"
)

func TestString(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain ASCII", "plain ASCII"},
		{"ＬＲＵ方式", "LRU方式"},
		{"１２３４５", "12345"},
		{"ｶﾞｲﾄﾞ", "ガイド"},
		{"全角　空白", "全角 空白"},
		{"⽂書", "文書"},
		{"㌔", "キロ"},
		{"ﬁle", "file"},
		{"日本語", "日本語"},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRunes(t *testing.T) {
	cases := []struct {
		in       string
		want     string
		from, to []int // nil: unchanged
	}{
		{"abc", "abc", nil, nil},
		{"日本語", "日本語", nil, nil},
		{"ＡＢ", "AB", []int{0, 1}, []int{1, 2}},
		{"xｶﾞy", "xガy", []int{0, 1, 3}, []int{1, 3, 4}},
		{"㌔m", "キロm", []int{0, 0, 1}, []int{1, 1, 2}},
		{"ﾃﾞｰﾀ", "データ", []int{0, 2, 3}, []int{2, 3, 4}},
		{"特\n定", "特定", []int{0, 2}, []int{1, 3}},
		{"ｶﾞ\n ｲ", "ガイ", []int{0, 4}, []int{2, 5}},
	}
	for _, c := range cases {
		in := []rune(c.in)
		got, from, to := Runes(in)
		if string(got) != c.want || !slices.Equal(from, c.from) || !slices.Equal(to, c.to) {
			t.Errorf("Runes(%q) = %q %v %v, want %q %v %v", c.in, string(got), from, to, c.want, c.from, c.to)
		}
		if string(got) != String(c.in) {
			t.Errorf("Runes(%q) = %q, String gives %q", c.in, string(got), String(c.in))
		}
	}
}

// FuzzRunes: Runes agrees with String and its map covers the input in order.
func FuzzRunes(f *testing.F) {
	for _, s := range []string{"", "abc", "ＬＲＵ方式", "ｶﾞｲﾄﾞ", "㌔㍻", "e\u0301", "\xff\xfe", "特\r\n  定", "ｶﾞ\nｲ"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		in := []rune(s)
		got, from, to := Runes(in)
		if want := String(string(in)); string(got) != want {
			t.Fatalf("Runes(%q) = %q, want %q", s, string(got), want)
		}
		if from == nil {
			return
		}
		if len(from) != len(got) || len(to) != len(got) {
			t.Fatalf("Runes(%q): %d runes, %d and %d map entries", s, len(got), len(from), len(to))
		}
		for i := range got {
			if from[i] >= to[i] || to[i] > len(in) || i > 0 && (from[i] < from[i-1] || to[i] < to[i-1]) {
				t.Fatalf("Runes(%q): entry %d maps to [%d,%d)", s, i, from[i], to[i])
			}
		}
		if len(got) > 0 && (from[0] != 0 || to[len(got)-1] != len(in)) {
			t.Fatalf("Runes(%q): map covers [%d,%d) of %d runes", s, from[0], to[len(got)-1], len(in))
		}
	})
}

func TestChangesWords(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"", false},
		{"plain ASCII", false},
		{"日本語のテキスト。", false},
		{"（括弧）と　空白！", false}, // punctuation and space only
		{"ＡＰＩキー", true},
		{"１２３", true},
		{"ｶﾞｲﾄﾞ", true},
		{"ﾒﾓ", true},
		{"⽂書", true},
		{"①", true},
		{"㍻", true},
		{"…", false},
	}
	for _, c := range cases {
		if got := ChangesWords(c.in); got != c.want {
			t.Errorf("ChangesWords(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// FuzzChangesWords: text for which ChangesWords is false folds to itself
// but for runes that are neither letters nor numbers.
func FuzzChangesWords(f *testing.F) {
	for _, s := range []string{"", "abc", "（括弧）", "ＡＢ", "ｶﾞ", "⽂", "e\u0301"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ChangesWords(s) {
			return
		}
		keep := func(x string) string {
			var out []rune
			for _, r := range x {
				if unicode.IsLetter(r) || unicode.IsNumber(r) {
					out = append(out, r)
				}
			}
			return string(out)
		}
		if a, b := keep(s), keep(String(s)); a != b {
			t.Fatalf("ChangesWords(%q) = false, but its letters and numbers fold from %q to %q", s, a, b)
		}
	})
}

func TestStringJoinsLinesInsideJapaneseWords(t *testing.T) {
	cases := []struct{ in, want string }{
		{"特\n定", "特定"},
		{"特\r\n定", "特定"},
		{"無\n  効化", "無効化"},
		{"改\n\t行", "改行"},
		{"ｶﾞｲ\nﾄﾞ", "ガイド"},
		{"ﾃﾞｰ\nﾀ", "データ"},
		{"ﾃﾞ\nｰﾀ", "データ"},
		{"データ\nベース", "データベース"},
		{"東京\n\n大阪", "東京\n\n大阪"}, // a paragraph break
		{"東京  \n大阪", "東京  \n大阪"}, // a Markdown hard break
		{"終わり。\n次", "終わり。\n次"},   // punctuation: no word is split
		{"The cache is\nflushed", "The cache is\nflushed"},
		{"API\n設定", "API\n設定"},
		{"設定\nAPI", "設定\nAPI"},
		{"> 引\n> 用", "> 引\n> 用"},
		{"末尾\n", "末尾\n"},
		{"\n先頭", "\n先頭"},
	}
	for _, c := range cases {
		if got := String(c.in); got != c.want {
			t.Errorf("String(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestChangesWordsAtJoinedLines(t *testing.T) {
	cases := []struct {
		in   string
		want bool
	}{
		{"特\n定", true},
		{"東京\n\n大阪", false},
		{"日本語", false},
		{"ＡＢ", true},
		{"（注）", false},
	}
	for _, c := range cases {
		if got := ChangesWords(c.in); got != c.want {
			t.Errorf("ChangesWords(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}
