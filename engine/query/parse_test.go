package query

import (
	"reflect"
	"strings"
	"testing"
)

// words lists the Text of terms of one kind.
func words(q Query, k Kind) []string {
	var out []string
	for _, t := range q.Terms {
		if t.Kind == k {
			out = append(out, t.Text)
		}
	}
	return out
}

func TestParseSegmentsByScript(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		words     []string
		grams     []string
		compounds []string
		phrases   []string
	}{
		{name: "katakana and kanji compound", in: "データベース設計",
			words: []string{"データベース", "設計"}, compounds: []string{"データベース設計"}},
		{name: "latin glued to katakana", in: "Embeddingモデル",
			words: []string{"embed", "モデル"}, compounds: []string{"embeddingモデル"}},
		{name: "space separated mixed", in: "MCP ツール",
			words: []string{"mcp", "ツール"}},
		{name: "long question drops particles and する", in: "ファイルの変更をリアルタイムで検出する仕組み",
			words:     []string{"ファイル", "変更", "リアルタイム", "検出", "仕組"},
			compounds: []string{"ファイル変更", "変更リアルタイム"}},
		{name: "long kanji run yields grams", in: "日本語テキストの検索精度の課題",
			words:     []string{"日本語", "テキスト", "検索精度", "課題"},
			grams:     []string{"検索", "索精", "精度"},
			compounds: []string{"日本語テキスト", "テキスト検索精度", "検索精度課題"}},
		{name: "particles other than の and を do not join", in: "文書が古い",
			words: []string{"文書", "古い"}, grams: []string{"古"}},
		{name: "two-character kanji word", in: "検索", words: []string{"検索"}},
		{name: "one kanji is kept, with its okurigana", in: "古い", words: []string{"古い"}, grams: []string{"古"}},
		{name: "okurigana only after a lone kanji", in: "どちらが速い？要素を処理する",
			words: []string{"速い", "要素", "処理"}, grams: []string{"速"}, compounds: []string{"要素処理"}},
		{name: "english function words dropped", in: "How does the search ranking work?",
			words: []string{"search", "rank", "work"}},
		{name: "english words are searched by stem", in: "document freshness and staleness",
			words: []string{"document", "fresh", "stale"}},
		{name: "forms of one stem collapse", in: "stale staleness", words: []string{"stale"}},
		{name: "only function words are kept", in: "the", words: []string{"the"}},
		{name: "japanese question words dropped like english ones", in: "所有権とは何か、誰が持つ？何故？",
			words: []string{"所有権", "持つ"}, grams: []string{"持"}},
		{name: "a question word alone is kept", in: "何", words: []string{"何"}},
		{name: "a question word inside a longer kanji run stays", in: "何度も", words: []string{"何度"}},
		{name: "only hiragana is kept", in: "すもも もも", words: []string{"すもも", "もも"}},
		{name: "full width folds to ascii", in: "ＭＣＰサーバー", words: []string{"mcp", "サーバ"}, compounds: []string{"mcpサーバー"}},
		{name: "half width katakana folds", in: "ﾃﾞｰﾀ", words: []string{"データ"}},
		{name: "joiners stay inside latin words", in: "sqlite-vec config.search.alpha src/index-",
			words: []string{"sqlite-vec", "config.search.alpha", "src/index"}},
		{name: "a closing long-vowel mark is dropped from katakana words of four or more", in: "サーバーとコンピューターのキーとカバー",
			words: []string{"サーバ", "コンピュータ", "キー", "カバー"}, compounds: []string{"コンピューターキー"}},
		{name: "a language's suffix ends its name", in: "C++ and C# or F#, notepad++ go#lang tea+cup",
			words: []string{"c++", "c#", "f#", "notepad++", "go", "lang", "tea", "cup"}},
		{name: "a name glued to Japanese keeps its suffix", in: "C#言語とC++言語、F#で",
			words: []string{"c#", "言語", "c++", "f#"}, compounds: []string{"c#言語", "c++言語"}},
		{name: "a suffix needs a name before it", in: "# heading ++ go ++",
			words: []string{"head", "go"}},
		{name: "typographic quotes make a phrase too", in: "“hybrid search” weights",
			words: []string{"weight"}, phrases: []string{"hybrid search"}},
		{name: "quoted phrase kept whole", in: `"hybrid search" weights`,
			words: []string{"weight"}, phrases: []string{"hybrid search"}},
		{name: "japanese brackets are phrases", in: "「陳腐化検知」の設計",
			words: []string{"設計"}, phrases: []string{"陳腐化検知"}},
		{name: "unmatched quote is a separator", in: `"abc def`, words: []string{"abc", "def"}},
		{name: "duplicates collapse", in: "graph Graph GRAPH", words: []string{"graph"}},
		{name: "symbols only become a phrase", in: " -> ", phrases: []string{"->"}},
		{name: "digits kept", in: "HTTP 2 404", words: []string{"http", "2", "404"}},
		{name: "single latin letter dropped beside words", in: "x search", words: []string{"search"}},
		{name: "empty", in: "   "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := Parse(tt.in)
			check := func(kind Kind, want []string) {
				t.Helper()
				if got := words(q, kind); !reflect.DeepEqual(got, want) {
					t.Errorf("Parse(%q) %s terms = %q, want %q", tt.in, kind, got, want)
				}
			}
			check(Word, tt.words)
			check(Gram, tt.grams)
			check(Compound, tt.compounds)
			check(Phrase, tt.phrases)
			if q.Empty() != (len(tt.words)+len(tt.phrases) == 0) {
				t.Errorf("Empty() = %v", q.Empty())
			}
		})
	}
}

func TestParseGroupsAndWeights(t *testing.T) {
	q := Parse("検索結果の関連性スコア")
	if len(q.Groups) != 3 {
		t.Fatalf("groups = %q, want 3", q.Groups)
	}
	var gramWeight float64
	for _, term := range q.Terms {
		switch term.Kind {
		case Gram:
			if term.Group != 0 {
				t.Errorf("gram %q in group %d, want 0 (検索結果)", term.Text, term.Group)
			}
			gramWeight += term.Weight
		case Compound:
			if term.Group != -1 {
				t.Errorf("compound %q has group %d, want -1", term.Text, term.Group)
			}
		case Bigram:
			if term.Group != -1 || term.Weight <= 0 || term.Weight >= 1 {
				t.Errorf("bigram %q has group %d and weight %v, want -1 and a small bonus", term.Text, term.Group, term.Weight)
			}
		default:
			if term.Weight != 1 {
				t.Errorf("word %q weight %v, want 1", term.Text, term.Weight)
			}
		}
	}
	// 3 grams of 1/√3 each: √3 together, each less than the word.
	if gramWeight < 1.731 || gramWeight > 1.733 {
		t.Errorf("grams of one run weigh %v together, want √3", gramWeight)
	}
	if got := len(q.GroupTerms(0)); got != 4 { // 検索結果 + 3 grams
		t.Errorf("GroupTerms(0) has %d terms, want 4", got)
	}
}

func TestParseBoundsLongInput(t *testing.T) {
	long := ""
	for i := 0; i < 500; i++ {
		long += "word" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + " "
	}
	q := Parse(long)
	if len(q.Groups) > maxGroups || len(q.Terms) > maxTerms {
		t.Errorf("groups %d terms %d exceed limits %d/%d", len(q.Groups), len(q.Terms), maxGroups, maxTerms)
	}
}

func TestTermLengthRules(t *testing.T) {
	tests := []struct {
		text     string
		script   Script
		fts      bool
		boundary bool
	}{
		{"検索", ScriptHan, false, false},
		{"検索式", ScriptHan, true, false},
		{"ai", ScriptLatin, false, true},
		{"api", ScriptLatin, true, false},
		{"古", ScriptHan, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			term := Term{Text: tt.text, Script: tt.script}
			if term.FTS() != tt.fts || term.NeedsWordBoundary() != tt.boundary {
				t.Errorf("%q: FTS %v boundary %v, want %v %v", tt.text, term.FTS(), term.NeedsWordBoundary(), tt.fts, tt.boundary)
			}
		})
	}
}

func TestCount(t *testing.T) {
	tests := []struct {
		text string
		term Term
		want int
	}{
		{"AI agents; the AI reads. Maintain details.", Term{Text: "ai", Script: ScriptLatin}, 2},
		{"AIにドキュメントを提供（AI）", Term{Text: "ai", Script: ScriptLatin}, 2},
		{"検索と全文検索", Term{Text: "検索", Script: ScriptHan}, 2},
		{"Search, research, SEARCH", Term{Text: "search", Script: ScriptLatin}, 3},
		// A word of the word index counts at word starts only, as it matches.
		{"Use it because users use it", Term{Text: "use", Script: ScriptLatin}, 3},
		{"nothing here", Term{Text: "検索", Script: ScriptHan}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.text+" / "+tt.term.Text, func(t *testing.T) {
			if got := Count(tt.text, tt.term); got != tt.want {
				t.Errorf("Count(%q, %q) = %d, want %d", tt.text, tt.term.Text, got, tt.want)
			}
		})
	}
}

func TestKeywords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"The Search ranks documents by graph proximity.", []string{"search", "ranks", "documents", "graph", "proximity"}},
		{"検索精度を上げるためにベクトルを使う", []string{"検索", "索精", "精度", "ベクトル"}},
		{"v2 of the API, 2024", []string{"api"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Keywords(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Keywords(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseJapaneseBigrams(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		// Pairs across runs and particles; not 所有権's grams (no 4-kanji
		// run), not pairs of hiragana (とは), not words already searched.
		{name: "across particles", in: "所有権のルールとは",
			want: []string{"所有", "有権", "権の", "のル", "ルー", "ール", "ルと"}},
		// 値が is already the okurigana term of 値, 不要 a word.
		{name: "terms already searched are not repeated", in: "値が不要",
			want: []string{"が不"}},
		{name: "latin breaks the text", in: "Mutex Arc 共有",
			want: nil},
		{name: "english only has none", in: "search ranking with graph", want: nil},
		{name: "only hiragana has none", in: "すもも もも", want: nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := words(Parse(tt.in), Bigram); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Parse(%q) bigrams = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseBigramsAreBounded(t *testing.T) {
	in := strings.Repeat("検索結果の関連性スコアを計算する方法と", 20)
	if n := len(words(Parse(in), Bigram)); n == 0 || n > maxBigrams {
		t.Errorf("%d bigrams, want 1..%d", n, maxBigrams)
	}
}
