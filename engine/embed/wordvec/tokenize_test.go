package wordvec

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWords(t *testing.T) {
	m := testModel(t)
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"plain", "the search of the server", []string{"the", "search", "of", "the", "server"}},
		{"case folded", "The SEARCH Server", []string{"the", "search", "server"}},
		{"punctuation", "search, (server); text!", []string{"search", "server", "text"}},
		{"camelCase", "hybridSearch", []string{"hybrid", "search"}},
		{"PascalCase", "HybridSearchServer", []string{"hybrid", "search", "server"}},
		{"acronym then word", "HTTPServer", []string{"http", "server"}},
		{"whole word first", "JavaScript", []string{"javascript"}},
		{"snake_case", "snake_case full_text", []string{"snake", "case", "full", "text"}},
		{"hyphen", "full-text search", []string{"full", "text", "search"}},
		{"letters and digits kept whole", "utf8", []string{"utf8"}},
		{"digits cut when unknown", "sha256 ", []string{"sha"}},
		{"plural s", "embeddings servers", []string{"embedding", "server"}},
		{"plural ies", "dependencies queries", []string{"dependency", "query"}},
		{"plural es", "indexes caches", []string{"index", "cache"}},
		{"ss is not plural", "searchss", nil},
		{"ing", "indexing caching mapping", []string{"index", "cache", "map"}},
		{"ed", "indexed cached mapped", []string{"index", "cache", "map"}},
		{"four-letter plural", "maps", []string{"map"}},
		{"accented latin", "Café", []string{"café"}},
		{"fullwidth", "ＳＥＡＲＣＨ ｓｅｒｖｅｒ", []string{"search", "server"}},
		{"japanese only", "日本語の検索エンジン", nil},
		{"latin inside japanese", "Embeddingモデルの検索", []string{"embedding"}},
		{"apostrophe", "server's", []string{"server"}},
		{"unknown", "zyzzyva qwerty", nil},
		{"empty", "", nil},
		{"long run skipped", "search" + strings.Repeat("a", 70) + "Search", nil},
		{"long run and a word", strings.Repeat("x", 65) + " server", []string{"server"}},
		{"markdown", "## Hybrid search\n\n- `fullText` [[index]]", []string{"hybrid", "search", "full", "text", "index"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := m.Words(tc.in)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Words(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestShortWordsAreNotStemmed(t *testing.T) {
	m := testModel(t)
	// "ofs" would fall back to "of" if 3-letter words were stemmed.
	if got := m.Words("ofs ands"); !slices.Equal(got, []string{"and"}) {
		t.Fatalf("Words = %q, want only \"and\" (from the 4-letter \"ands\")", got)
	}
}

func TestIsVocabularyWord(t *testing.T) {
	tests := []struct {
		w    string
		want bool
	}{
		{"search", true}, {"utf8", true}, {"café", true}, {"x86", true},
		{"", false}, {"Search", false}, {"full-text", false}, {"don't", false},
		{"123", false}, {",", false}, {"検索", false}, {"ｓｅａｒｃｈ", false},
		{strings.Repeat("a", 64), true}, {strings.Repeat("a", 65), false},
	}
	for _, tc := range tests {
		t.Run(tc.w, func(t *testing.T) {
			if got := IsVocabularyWord(tc.w); got != tc.want {
				t.Errorf("IsVocabularyWord(%q) = %v, want %v", tc.w, got, tc.want)
			}
		})
	}
}

func TestSIFWeight(t *testing.T) {
	h := harmonic(341479)
	tests := []struct {
		rank     int
		min, max float32
	}{
		{1, 0.012, 0.015},
		{100, 0.55, 0.59},
		{1000, 0.92, 0.94},
		{100000, 0.999, 1},
	}
	prev := float32(0)
	for _, tc := range tests {
		t.Run(fmt.Sprint("rank ", tc.rank), func(t *testing.T) {
			w := sifWeight(tc.rank, h)
			if w < tc.min || w > tc.max {
				t.Errorf("sifWeight(%d) = %v, want %v..%v", tc.rank, w, tc.min, tc.max)
			}
			if w <= prev {
				t.Errorf("sifWeight(%d) = %v not above the weight of a more frequent word (%v)", tc.rank, w, prev)
			}
			prev = w
		})
	}
}

func TestEmbed(t *testing.T) {
	m := testModel(t)
	if v := m.Embed("日本語だけの文章"); v != nil {
		t.Errorf("Embed(japanese) = %v, want nil", v)
	}
	if v := m.Embed(""); v != nil {
		t.Errorf("Embed(\"\") = %v, want nil", v)
	}
	v := m.Embed("hybrid search server")
	if len(v) != m.Dims() {
		t.Fatalf("len %d, want %d", len(v), m.Dims())
	}
	var norm float64
	for _, x := range v {
		norm += float64(x) * float64(x)
	}
	if math.Abs(norm-1) > 1e-5 {
		t.Errorf("|v|² = %v, want 1", norm)
	}
	// It is the SIF-weighted average of the word vectors.
	want := make([]float32, m.Dims())
	for _, w := range []string{"hybrid", "search", "server"} {
		wv, rank, _ := m.Lookup(w)
		f := sifWeight(rank, m.harmonic)
		for d := range want {
			want[d] += f * wv[d]
		}
	}
	if c := Cosine(v, want); c < 0.99999 {
		t.Errorf("cosine to the weighted average %.6f", c)
	}
	// Frequent words move a sentence less than rarer ones. (In this
	// 1000-word test vocabulary "the" still weighs 0.0075 and "of" 0.03.)
	base := m.Embed("hybrid search")
	if c := Cosine(base, m.Embed("the hybrid search of the")); c < 0.98 {
		t.Errorf("adding \"the\" and \"of\" moved the vector to cosine %.4f", c)
	}
	if c := Cosine(base, m.Embed("hybrid search javascript model")); c > 0.9 {
		t.Errorf("adding two rare words left cosine %.4f", c)
	}
	// Deterministic and order-free.
	if c := Cosine(m.Embed("search hybrid"), base); c < 0.999999 {
		t.Errorf("word order changed the vector: cosine %.7f", c)
	}
}

func FuzzEmbed(f *testing.F) {
	for _, s := range []string{"hybridSearch", "HTTPServer_snake-case", "Embeddingモデル", "ｓｅａｒｃｈ", "caches mapped", "\xff\xfe"} {
		f.Add(s)
	}
	m := testModel(f)
	f.Fuzz(func(t *testing.T, s string) {
		v := m.Embed(s)
		if v == nil {
			if len(m.Words(s)) != 0 {
				t.Fatalf("nil vector for %q with known words %q", s, m.Words(s))
			}
			return
		}
		var norm float64
		for _, x := range v {
			if math.IsNaN(float64(x)) {
				t.Fatalf("NaN in vector of %q", s)
			}
			norm += float64(x) * float64(x)
		}
		if math.Abs(norm-1) > 1e-4 {
			t.Fatalf("|v|² = %v for %q", norm, s)
		}
		for _, w := range m.Words(s) {
			if !utf8.ValidString(w) || !IsVocabularyWord(w) {
				t.Fatalf("Words(%q) gave %q", s, w)
			}
		}
	})
}
