package query

import (
	"strings"
	"testing"
)

// A long kanji word is also looked for by its 2-grams, which overlap: 判定方法
// gives 判定, 定方 and 方法. Read in twos from its start (判定, 方法; and the
// last pair of an odd length) they are its parts; the others straddle two
// of them (定方) and, found alone, are the tail of one word and the head of
// the next: in 測定方法 the snippet marked 測⟦定方法⟧, the 定 of 測定. Such a
// gram is not marked; the word found whole still is, and so are its parts.
func TestSnippetMarksNoGramAcrossTheWordsParts(t *testing.T) {
	tests := []struct {
		query, text, want string
		not               []string
	}{
		{"判定方法", "温度の測定方法を説明する。", "測定⟦方法⟧を", []string{"⟦定"}},
		{"判定方法", "この判定方法を使う。", "⟦判定方法⟧", nil},
		{"判定方法", "判定の方法を選ぶ。", "⟦判定⟧の⟦方法⟧", nil},
		{"自然言語処理", "言語の処理と自然な文。", "⟦言語⟧の⟦処理⟧と⟦自然⟧な", []string{"⟦然", "⟦語"}},
		{"全文検索機", "文検の索機は無い。検索機を使う。", "⟦索機⟧", []string{"⟦文検⟧"}},
	}
	for _, tt := range tests {
		t.Run(tt.query+" in "+tt.text, func(t *testing.T) {
			s := Snippet(tt.text, Parse(tt.query).Terms, 64)
			if !strings.Contains(s, tt.want) {
				t.Errorf("snippet %q lacks %q", s, tt.want)
			}
			for _, n := range tt.not {
				if strings.Contains(s, n) {
					t.Errorf("snippet %q marks %q", s, n)
				}
			}
		})
	}
}
