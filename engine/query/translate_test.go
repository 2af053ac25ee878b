package query_test

import (
	"reflect"
	"testing"

	"github.com/ubp-dev/ubp/engine/lexicon"
	"github.com/ubp-dev/ubp/engine/query"
)

func builtin(t testing.TB) *lexicon.Glossary {
	t.Helper()
	g, err := lexicon.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// glosses lists, per concept as written, the glosses of its Translation
// terms.
func glosses(q query.Query) map[string][]string {
	out := map[string][]string{}
	for _, t := range q.Terms {
		if t.Kind == query.Translation {
			out[q.Groups[t.Group]] = append(out[q.Groups[t.Group]], t.Gloss)
		}
	}
	return out
}

func TestParseTranslatedLemmas(t *testing.T) {
	g := builtin(t)
	tests := []struct {
		name string
		in   string
		// concept → glosses that must be among its translations
		want map[string][]string
		// concepts that must have no translation
		none []string
	}{
		{name: "okurigana of an i-adjective", in: "古くなった", want: map[string][]string{"古": {"old", "stale"}}},
		{name: "okurigana of a noun", in: "仕組み", want: map[string][]string{"仕組": {"mechanism"}}},
		{name: "kanji word", in: "依存関係", want: map[string][]string{"依存関係": {"dependency"}}},
		{name: "kanji run split into words", in: "検索精度", want: map[string][]string{"検索精度": {"retrieval", "precision", "accuracy"}}},
		{name: "katakana word", in: "ファームウェア", want: map[string][]string{"ファームウェア": {"firmware"}}},
		// Katakana compounds are written without a break: a run that is not
		// a word is split into the longest words it starts with, as a kanji
		// run is.
		{name: "katakana compound split into words", in: "リフレッシュトークン", want: map[string][]string{"リフレッシュトークン": {"refresh", "token"}}},
		{name: "katakana compound of three words", in: "データベースサーバーログ", want: map[string][]string{"データベースサーバーログ": {"database", "server", "log"}}},
		{name: "lone kanji without okurigana is not translated", in: "ドキュメント間", want: map[string][]string{"ドキュメント": {"document"}}, none: []string{"間"}},
		{name: "latin words are not translated", in: "search ranking", none: []string{"search", "ranking"}},
		// A word written kanji, kana, kanji, kana is one word: its gloss is
		// not its pieces' (埋め: filling; 込み: including).
		{name: "kanji and kana compound", in: "埋め込みの方式", want: map[string][]string{"埋": {"embedding"}}},
		{name: "kanji and kana compound with okurigana of two", in: "割り当てる", want: map[string][]string{"割": {"assign"}}},
		{name: "compound of three runs", in: "書き方", want: map[string][]string{"書": {"penmanship"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := query.ParseTranslated(tt.in, g)
			got := glosses(q)
			for concept, want := range tt.want {
				for _, w := range want {
					found := false
					for _, x := range got[concept] {
						found = found || x == w
					}
					if !found {
						t.Errorf("ParseTranslated(%q): %s glosses %q lack %q", tt.in, concept, got[concept], w)
					}
				}
			}
			for _, concept := range tt.none {
				if len(got[concept]) > 0 {
					t.Errorf("ParseTranslated(%q): %s translated as %q, want none", tt.in, concept, got[concept])
				}
			}
		})
	}
}

func TestParseTranslatedTerms(t *testing.T) {
	g := builtin(t)
	q := query.ParseTranslated("文書が古くなった", g)
	plain := query.Parse("文書が古くなった")
	// The native terms come first and are unchanged; the bigram bonus
	// terms come last, after the translations.
	native, bigrams := splitBigrams(plain.Terms)
	qNative, qBigrams := splitBigrams(q.Terms)
	if !reflect.DeepEqual(qNative[:len(native)], native) || !reflect.DeepEqual(q.Groups, plain.Groups) || !reflect.DeepEqual(qBigrams, bigrams) {
		t.Fatalf("translation changed the native terms:\n%+v\n%+v", q.Terms, plain.Terms)
	}
	perGroup := map[int]int{}
	for _, term := range qNative[len(native):] {
		if term.Kind != query.Translation || term.Script != query.ScriptLatin || !term.NeedsWordStart() {
			t.Errorf("extra term %+v is not a Latin Translation needing a word start", term)
		}
		if term.Weight <= 0 || term.Weight > 0.5 {
			t.Errorf("translation %q weighs %v, want (0, 0.5]", term.Gloss, term.Weight)
		}
		if term.Text != query.Stem(term.Gloss) && term.Text != term.Gloss {
			t.Errorf("translation %q searches %q, want its stem", term.Gloss, term.Text)
		}
		perGroup[term.Group]++
	}
	for grp, n := range perGroup {
		if n > 12 {
			t.Errorf("group %s has %d translations, want at most 12", q.Groups[grp], n)
		}
	}
	// Later senses weigh less: 古い's "old" (sense 1) outweighs "stale" (sense 4).
	w := map[string]float64{}
	for _, term := range q.Terms {
		if term.Kind == query.Translation {
			w[term.Gloss] = term.Weight
		}
	}
	if !(w["old"] > w["stale"] && w["stale"] > 0) {
		t.Errorf("weights old=%v stale=%v, want old > stale > 0", w["old"], w["stale"])
	}
	if got := query.ParseTranslated("文書", nil); !reflect.DeepEqual(got, query.Parse("文書")) {
		t.Errorf("a nil translator changed the query: %+v", got)
	}
}

func TestTranslationMatchesWordStartsOnly(t *testing.T) {
	q := query.ParseTranslated("古い", builtin(t))
	var old query.Term
	for _, term := range q.Terms {
		if term.Gloss == "old" {
			old = term
		}
	}
	if old.Gloss == "" {
		t.Fatal("古い has no gloss \"old\"")
	}
	for text, want := range map[string]int{"an old page": 1, "the threshold": 0, "Older docs": 1, "古いold": 1} {
		if got := query.Count(text, old); got != want {
			t.Errorf("Count(%q, old) = %d, want %d", text, got, want)
		}
	}
}

func FuzzParseTranslated(f *testing.F) {
	g := builtin(f)
	for _, s := range []string{"ファイルの変更をリアルタイムで検出する仕組み", "古くなった", "検索精度", "a 古 b", "「陳腐化」"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := query.ParseTranslated(s, g)
		for _, term := range q.Terms {
			if term.Text == "" || term.Group >= len(q.Groups) {
				t.Fatalf("bad term %+v in %+v", term, q)
			}
		}
		if len(q.Terms) > 64+32 {
			t.Fatalf("%d terms", len(q.Terms))
		}
	})
}

// splitBigrams separates the Bigram terms from the others, in order.
func splitBigrams(terms []query.Term) (others, bigrams []query.Term) {
	for _, t := range terms {
		if t.Kind == query.Bigram {
			bigrams = append(bigrams, t)
		} else {
			others = append(others, t)
		}
	}
	return others, bigrams
}
