package jagloss

import (
	"slices"
	"testing"

	"github.com/ubp-dev/ubp/engine/embed/static"
	"github.com/ubp-dev/ubp/engine/embed/wordvec"
	"github.com/ubp-dev/ubp/engine/lexicon"
)

func builtin(t testing.TB) (*wordvec.Model, *lexicon.Glossary) {
	t.Helper()
	m, err := static.Model()
	if err != nil {
		t.Fatal(err)
	}
	g, err := lexicon.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return m, g
}

func words(g *lexicon.Glossary, text string) []string {
	var out []string
	Segment(g, text, func(w string) { out = append(out, w) })
	return out
}

func TestSegment(t *testing.T) {
	_, g := builtin(t)
	tests := []struct {
		text string
		want []string
	}{
		{"文書が古くなったかどうかを判定する方法", []string{"文書", "古い", "判定", "方法"}},
		{"ドキュメント間の依存関係を表現する仕組み", []string{"ドキュメント", "依存関係", "表現", "仕組み"}},
		{"検索精度", []string{"検索", "精度"}},
		{"陳腐化検知設計", []string{"陳腐化", "検知", "設計"}},
		{"Embeddingモデルの選定", []string{"モデル", "選定"}},
		{"ファイルの変更をリアルタイムで検出する", []string{"ファイル", "変更", "リアルタイム", "検出"}},
		{"これはひらがなだけ", nil},                          // hiragana words are left out
		{"字を", nil},                                 // a lone kanji without i-adjective okurigana
		{"search ranking", nil},                     // Latin text is the word model's
		{"ｴｽｶﾚｰｼｮﾝの手順", []string{"エスカレーション", "手順"}}, // half-width katakana: the full-width words
		{"", nil},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := words(g, tt.text); !slices.Equal(got, tt.want) {
				t.Errorf("Segment(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestWordVectorsAreNearTheirGlosses(t *testing.T) {
	m, g := builtin(t)
	e := New(m, g)
	tests := []struct {
		ja, near, far string
	}{
		{"陳腐化", "obsolete", "banana"},
		{"古い", "old", "network"},
		{"検索", "search", "weather"},
		{"依存関係", "dependency", "music"},
		{"ドキュメント", "document", "football"},
	}
	for _, tt := range tests {
		t.Run(tt.ja, func(t *testing.T) {
			v, w, ok := e.Vector(tt.ja)
			if !ok {
				t.Errorf("%s: no vector", tt.ja)
				return
			}
			if w <= 0 || w > 1 {
				t.Errorf("%s: weight %f, want a SIF weight in (0, 1]", tt.ja, w)
			}
			near, _, _ := m.Lookup(tt.near)
			far, _, _ := m.Lookup(tt.far)
			cn, cf := wordvec.Cosine(v, near), wordvec.Cosine(v, far)
			if cn < 0.5 || cn <= cf+0.2 {
				t.Errorf("%s: cosine %.2f to %q and %.2f to %q; want near the gloss", tt.ja, cn, tt.near, cf, tt.far)
			}
		})
	}
	if _, _, ok := e.Vector("ではない単語"); ok {
		t.Error("a non-headword has a vector")
	}
}

// A Japanese sentence and its English translation are closer than either is
// to an unrelated sentence: the point of the package.
func TestCrossLingualSentences(t *testing.T) {
	m, g := builtin(t)
	e := New(m, g)
	embed := func(text string) []float32 {
		s := m.NewSentence()
		s.AddText(text)
		e.AddTo(s, text)
		return s.Vector()
	}
	ja := embed("ソースコードの変更で古くなったドキュメントを検出する")
	en := embed("detect documents that became stale when the source code changed")
	other := embed("the weather forecast predicts heavy rain and strong wind tomorrow")
	if ja == nil || en == nil || other == nil {
		t.Fatal("a sentence has no vector")
	}
	same, diff := wordvec.Cosine(ja, en), wordvec.Cosine(ja, other)
	if same <= diff+0.1 {
		t.Errorf("cosine(ja, en) %.2f, cosine(ja, unrelated) %.2f: want the translation clearly closer", same, diff)
	}
	if v := embed("これはひらがなだけ"); v != nil {
		t.Error("hiragana-only text has a vector")
	}
}

func TestVectorIsCachedAndStable(t *testing.T) {
	m, g := builtin(t)
	e := New(m, g)
	a, _, _ := e.Vector("設計")
	b, _, _ := New(m, g).Vector("設計")
	c, _, _ := e.Vector("設計")
	if !slices.Equal(a, b) || !slices.Equal(a, c) {
		t.Error("the same word got different vectors")
	}
	// The second lookup is the cached vector itself, not a recomputation.
	if &a[0] != &c[0] {
		t.Error("a repeated lookup recomputed the word's vector instead of using the cache")
	}
	if &a[0] == &b[0] {
		t.Error("two embedders share one cache")
	}
}

func FuzzSegment(f *testing.F) {
	_, g := builtin(f)
	for _, s := range []string{"文書が古くなった", "ドキュメント間の依存関係", "古", "々ー", "a検索b", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		Segment(g, text, func(w string) {
			if !g.Has(w) {
				t.Fatalf("Segment(%q) gave %q, not a headword", text, w)
			}
		})
	})
}
