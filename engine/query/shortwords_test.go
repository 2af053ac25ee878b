package query

import (
	"reflect"
	"strings"
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

func TestScriptPairs(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"表1と第2章", []string{"表1", "1と", "第2", "2章"}},
		{"新UIとv2の値", []string{"とv", "2の"}}, // upper case is not a term's
		{"1新1", []string{"1新", "新1"}},
		{"ア3。 3 ア", []string{"ア3"}},   // punctuation and spaces part them
		{"é1 ա1 ١٢a", []string{"ա1"}}, // Latin letters and other digits are no side
		{"ab 12 検索", nil},
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		ScriptPairs(c.text, func(p string) { got = append(got, p) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("ScriptPairs(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestIsScriptPair(t *testing.T) {
	for text, want := range map[string]bool{
		"表1": true, "1表": true, "の2": true, "ア3": true, "a新": true, "ա1": true,
		"新A": false, "é1": false, "12": false, "表": false, "検索": false, "新1新": false,
		"、1": false, "": false, "1": false, "\xff1": false,
	} {
		if got := IsScriptPair(text); got != want {
			t.Errorf("IsScriptPair(%q) = %v, want %v", text, got, want)
		}
	}
}

// FuzzScriptPairsCountAsStringsCount: the short-term postings hold a pair
// such as 表1 exactly where a scan counts it. For any text and any pair the
// postings serve (IsScriptPair), ScriptPairs of the folded text (what the
// index writes) names the pair as often as strings.Count counts it in the
// folded text (what a scan of the sections counts for a term of two
// characters without word boundaries).
func FuzzScriptPairsCountAsStringsCount(f *testing.F) {
	for _, s := range []struct{ text, term string }{
		{"表1と第2章、表１", "表1"},
		{"1新1新 新11", "新1"},
		{"ア3 ｱ3", "ア3"},
		{"Ａ新 a新", "a新"},
	} {
		f.Add(s.text, s.term)
	}
	f.Fuzz(func(t *testing.T, text, term string) {
		term = Lower(textfold.String(term))
		if !IsScriptPair(term) {
			return
		}
		folded := textfold.String(text)
		want := strings.Count(folded, term)
		got := 0
		ScriptPairs(folded, func(p string) {
			if p == term {
				got++
			}
		})
		if got != want {
			t.Errorf("ScriptPairs(%q) names %q %d times, strings.Count counts %d", folded, term, got, want)
		}
	})
}

// FuzzQuotedWordCountsAsWord: a quoted phrase of one short word or name
// ("go", "c#") counts exactly where the word counts, which is what lets
// its postings answer it (Term.QuotedWord).
func FuzzQuotedWordCountsAsWord(f *testing.F) {
	for _, s := range []struct{ text, word string }{
		{"We go to the AI lab. Go and ai again, going.", "go"},
		{"AIの研究と maintain OpenAI", "AI"},
		{"C# and c#, not ac# or c#d; c#c# c## c#_ 新C#と", "c#"},
		{"v2 v22 2v v2_", "v2"},
		{"aé aéb éa", "aé"},
	} {
		f.Add(s.text, s.word)
	}
	f.Fuzz(func(t *testing.T, text, word string) {
		q := Parse(`"` + word + `"`)
		if len(q.Terms) != 1 {
			return
		}
		phrase := q.Terms[0]
		w, ok := phrase.QuotedWord()
		if !ok {
			return
		}
		if got, want := Count(text, phrase), Count(text, w); got != want {
			t.Errorf("in %q the phrase %q counts %d, the word %d", text, phrase.Text, got, want)
		}
	})
}

func TestQuotedWord(t *testing.T) {
	for query, want := range map[string]string{
		`"go"`: "go", `"AI"`: "ai", `"c#"`: "c#", `"F#"`: "f#", `"v2"`: "v2", `"aé"`: "aé", `"x"`: "x",
		`"新1"`: "", `"->"`: "", `"go on"`: "", `"é"`: "", `"検索"`: "", `"c+"`: "", `"abc"`: "", "go": "",
	} {
		q := Parse(query)
		w, ok := q.Terms[0].QuotedWord()
		if ok != (want != "") || ok && (w.Text != want || w.Kind != Word || w.Script != ScriptLatin || !w.ShortWordIndexed() && !w.SharpWordIndexed()) {
			t.Errorf("%s: QuotedWord() = %+v, %v; want %q", query, w, ok, want)
		}
	}
}
