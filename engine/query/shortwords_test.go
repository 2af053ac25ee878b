package query

import (
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine/query/textfold"
)

func TestShortWords(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"We go to the AI lab", []string{"we", "go", "to", "ai"}},
		{"新UIとDB設計", []string{"ui", "db"}}, // kanji and kana are boundaries
		{"go_test and c#", []string{"go", "c"}},
		{"v2 x1 3d 2024 x", []string{"v2", "x1", "3d", "x"}},
		{"Going, aim, goal", nil}, // longer words are the FTS5 tables'
		{"IDs id ID", []string{"id", "id"}},
		{"aé é да дa", []string{"aé", "дa"}}, // a word of non-ASCII letters only is a unit
		{"a-b a.b a/b", []string{"a", "b", "a", "b", "a", "b"}},
		{"αβγ ab", []string{"ab"}},
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		ShortWords(c.text, func(w string) { got = append(got, w) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("ShortWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestShortWordIndexed(t *testing.T) {
	cases := []struct {
		term Term
		want bool
	}{
		{Term{Text: "go", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "x", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "1", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "aé", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "ai", Kind: Phrase, Script: ScriptLatin}, true},
		{Term{Text: "c#", Kind: Word, Script: ScriptLatin}, false},  // '#' is not a word character
		{Term{Text: "да", Kind: Word, Script: ScriptLatin}, false},  // a unit
		{Term{Text: "api", Kind: Word, Script: ScriptLatin}, false}, // the FTS5 tables'
		{Term{Text: "ui", Kind: Glued, Script: ScriptLatin}, false},
		{Term{Text: "検索", Kind: Word, Script: ScriptHan}, false},
		{Term{Text: "Go", Kind: Word, Script: ScriptLatin}, false}, // terms are lower case
		{Term{Text: "", Kind: Word, Script: ScriptLatin}, false},
	}
	for _, c := range cases {
		if got := c.term.ShortWordIndexed(); got != c.want {
			t.Errorf("%+v.ShortWordIndexed() = %v, want %v", c.term, got, c.want)
		}
	}
}

// FuzzShortWordsCountAsCountLower: the short-term postings hold a short
// word exactly where a scan counts it. For any text and any term the
// postings serve (ShortWordIndexed), ShortWords of the folded text (what
// the index writes) names the term as often as CountLower counts it in
// the normalised text (what a scan of the sections counts).
func FuzzShortWordsCountAsCountLower(f *testing.F) {
	for _, s := range []struct{ text, term string }{
		{"We go to the AI lab. Go and ai again.", "go"},
		{"ＡＩ の研究と ＧＯ 言語。", "ai"},
		{"新UIとDB設計", "ui"},
		{"The id of user_id and 1) first 2) second.", "id"},
		{"v2 v22 2v", "v2"},
		{"İ i̇ I", "i"},
		{"aé aéb éa", "aé"},
	} {
		f.Add(s.text, s.term)
	}
	f.Fuzz(func(t *testing.T, text, word string) {
		term := Term{Text: Lower(textfold.String(word)), Kind: Word, Script: ScriptLatin}
		if !term.ShortWordIndexed() {
			return
		}
		want := CountLower([]rune(Normalize(text)), term)
		got := 0
		ShortWords(textfold.String(text), func(w string) {
			if w == term.Text {
				got++
			}
		})
		if got != want {
			t.Errorf("ShortWords(%q) names %q %d times, CountLower counts %d", text, term.Text, got, want)
		}
	})
}

func TestSharpWords(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"C# and F#, j#.", []string{"c#", "f#", "j#"}},
		{"ac# c#d c#1 c#_ c##", []string{"c#", "c#"}}, // in a longer name only after _ and #
		{"c#c# x#", []string{"c#", "x#"}},             // the first '#' is inside c#c
		{"新C#と1#、é#", []string{"c#", "1#", "é#"}},     // kanji and kana are boundaries
		{"_c# #c # c", []string{"c#"}},
		{"c++ c", nil},
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		SharpWords(c.text, func(w string) { got = append(got, w) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("SharpWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSharpWordIndexed(t *testing.T) {
	cases := []struct {
		term Term
		want bool
	}{
		{Term{Text: "c#", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "1#", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "é#", Kind: Word, Script: ScriptLatin}, true},
		{Term{Text: "c#", Kind: Translation, Script: ScriptLatin}, true},
		{Term{Text: "C#", Kind: Word, Script: ScriptLatin}, false}, // terms are lower case
		{Term{Text: "c#", Kind: Phrase, Script: ScriptOther}, false},
		{Term{Text: "c#", Kind: Glued, Script: ScriptLatin}, false},
		{Term{Text: "c", Kind: Word, Script: ScriptLatin}, false},  // a short word
		{Term{Text: "#", Kind: Word, Script: ScriptLatin}, false},  // no letter
		{Term{Text: "c+", Kind: Word, Script: ScriptLatin}, false}, // only '#'
		{Term{Text: "c++", Kind: Word, Script: ScriptLatin}, false},
		{Term{Text: "新#", Kind: Word, Script: ScriptLatin}, false},
		{Term{Text: "", Kind: Word, Script: ScriptLatin}, false},
	}
	for _, c := range cases {
		if got := c.term.SharpWordIndexed(); got != c.want {
			t.Errorf("%+v.SharpWordIndexed() = %v, want %v", c.term, got, c.want)
		}
	}
}

// FuzzSharpWordsCountAsCountLower: the short-term postings hold a name
// such as c# exactly where a scan counts it. For any text and any term the
// postings serve (SharpWordIndexed), SharpWords of the folded text (what
// the index writes) names the term as often as CountLower counts it in
// the normalised text (what a scan of the sections counts).
func FuzzSharpWordsCountAsCountLower(f *testing.F) {
	for _, s := range []struct{ text, term string }{
		{"C# and c#, not ac# or c#d.", "c#"},
		{"Ｃ＃ と F#", "c#"},
		{"新C#と c#c# c## c#_", "c#"},
		{"1# 21# 1#2", "1#"},
		{"É# é#", "é#"},
		{"İ# i̇#", "i#"},
	} {
		f.Add(s.text, s.term)
	}
	f.Fuzz(func(t *testing.T, text, word string) {
		term := Term{Text: Lower(textfold.String(word)), Kind: Word, Script: ScriptLatin}
		if !term.SharpWordIndexed() {
			return
		}
		want := CountLower([]rune(Normalize(text)), term)
		got := 0
		SharpWords(textfold.String(text), func(w string) {
			if w == term.Text {
				got++
			}
		})
		if got != want {
			t.Errorf("SharpWords(%q) names %q %d times, CountLower counts %d", text, term.Text, got, want)
		}
	})
}
