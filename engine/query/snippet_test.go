package query

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestSnippet(t *testing.T) {
	long := strings.Repeat("filler text here. ", 20)
	tests := []struct {
		name  string
		text  string
		query string
		width int
		want  string
	}{
		{name: "marks matches and drops heading line",
			text: "## Ranking\nThe search ranks by graph.", query: "search graph", width: 64,
			want: "The ⟦search⟧ ranks by ⟦graph⟧."},
		{name: "a section of its heading alone shows the heading",
			text: "# Kubernetes Migration #\n\n", query: "kubernetes", width: 64,
			want: "⟦Kubernetes⟧ Migration"},
		{name: "window around densest cluster",
			text: long + "The search algorithm combines vector and graph signals. " + long, query: "search graph", width: 60,
			want: "…t here. The ⟦search⟧ algorithm combines vector and ⟦graph⟧ signa…"},
		{name: "japanese two-character term",
			text: "全文検索はtrigramで検索する。", query: "検索", width: 64,
			want: "全文⟦検索⟧はtrigramで⟦検索⟧する。"},
		{name: "short latin term needs word boundary",
			text: "Maintain the AI agent; AIに渡す", query: "AI", width: 64,
			want: "Maintain the ⟦AI⟧ agent; ⟦AI⟧に渡す"},
		{name: "a japanese word wrapped over two lines is one",
			text: "この機能は特\n定の条件で使う。", query: "特定", width: 64,
			want: "この機能は⟦特定⟧の条件で使う。"},
		{name: "a half-width word wrapped after its voiced mark is one",
			text: "設定はﾃﾞｰ\nﾀﾍﾞｰｽにある", query: "データベース", width: 64,
			want: "設定は⟦ﾃﾞｰﾀﾍﾞｰｽ⟧にある"},
		{name: "a hard break keeps its space",
			text: "東京  \n大阪", query: "大阪", width: 64,
			want: "東京 ⟦大阪⟧"},
		{name: "overlapping terms merge",
			text: "データベース設計の話", query: "データベース設計", width: 64,
			want: "⟦データベース設計⟧の話"},
		{name: "no match gives the start",
			text: "alpha beta gamma delta", query: "zeta", width: 10,
			want: "alpha beta…"},
		{name: "no match skips link definitions, code and comments to the prose",
			text: "[expect]: https://doc.rust-lang.org/std/result\n\n```rust\nfn main() {}\n```\n<!--\nThe English original.\n-->\n本文はここから始まります。", query: "zeta", width: 64,
			want: "本文はここから始まります。"},
		{name: "no match and no prose gives the start, the code without its fences",
			text: "```\ncode only\n```", query: "zeta", width: 64,
			want: "code only"},
		{name: "a katakana word is marked with its closing long-vowel mark",
			text: "どのワーカーがジョブを受け取るか。ワーカ0", query: "ワーカー", width: 64,
			want: "どの⟦ワーカー⟧がジョブを受け取るか。⟦ワーカ⟧0"},
		{name: "so is a shorter spelling's match",
			text: "借用チェッカーが拒否する", query: "チェッカ", width: 64,
			want: "借用⟦チェッカー⟧が拒否する"},
		{name: "whitespace folds",
			text: "one\n\n  two\tthree", query: "two", width: 64,
			want: "one ⟦two⟧ three"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Snippet(tt.text, Parse(tt.query).Terms, tt.width)
			if got != tt.want {
				t.Errorf("Snippet = %q\nwant      %q", got, tt.want)
			}
		})
	}
}

func TestSnippetWidthBound(t *testing.T) {
	text := strings.Repeat("検索 search ", 200)
	got := Snippet(text, Parse("検索 search").Terms, 64)
	plain := strings.NewReplacer(MarkOpen, "", MarkClose, "", Ellipsis, "").Replace(got)
	if n := utf8.RuneCountInString(plain); n > 64 {
		t.Errorf("snippet has %d characters of text, want at most 64: %q", n, got)
	}
}

func TestSummary(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"a  b\n\nc", 10, "a b c"},
		{"abcdefghij", 5, "abcde…"},
		{"日本語の文書です", 4, "日本語の…"},
		{"# 見出し\n\n<!--\nEnglish\n-->\n本文", 10, "本文"},
		{"前<!-- x -->後 <!-- y\nz --> 末", 10, "前後 末"},
		{"本文 <!-- unclosed\nrest", 10, "本文"},
		{"本文\n```\n<!-- code -->\n```", 40, "本文 ``` <!-- code --> ```"},
		{"# only a heading", 20, "# only a heading"},
		{"[English](./a.md)\n\n# 見出し\n\n本文", 10, "本文"},
		{"[English](./a.md)\n# 見出し", 40, "[English](./a.md) # 見出し"},
		{"See [a](./a.md) first.\n\n本文", 40, "See [a](./a.md) first. 本文"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := Summary(tt.in, tt.n); got != tt.want {
				t.Errorf("Summary(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
			}
		})
	}
}

// FuzzSnippet: any text and query give a snippet of at most the width in
// characters (marks and cut marks aside) with balanced marks, and never
// panic.
func FuzzSnippet(f *testing.F) {
	f.Add("[x]: https://a\n```\ncode\n```\n<!-- c -->\n本文", "zeta")
	f.Add("## Ranking\nThe search ranks by graph.", "search graph")
	f.Add("全文検索はtrigramで検索する。<!--", "検索 \"trigram\"")
	f.Add("ＬＲＵ方式とｶﾞｲﾄﾞの㌔", "lru ガイド キロ")
	f.Fuzz(func(t *testing.T, text, q string) {
		if strings.ContainsAny(text, MarkOpen+MarkClose+Ellipsis) || !utf8.ValidString(text) {
			return
		}
		got := Snippet(text, Parse(q).Terms, 64)
		if strings.Count(got, MarkOpen) != strings.Count(got, MarkClose) {
			t.Fatalf("unbalanced marks: %q", got)
		}
		plain := strings.NewReplacer(MarkOpen, "", MarkClose, "", Ellipsis, "").Replace(got)
		if n := utf8.RuneCountInString(plain); n > 64 {
			t.Fatalf("snippet has %d characters, want at most 64: %q", n, got)
		}
	})
}

// TestSnippetLine: the line given is that of the first match the snippet
// shows, counted in the text as written (blank lines and a leading heading
// included); -1 when the snippet shows no match.
func TestSnippetLine(t *testing.T) {
	text := "## Usage\n\nFirst paragraph about nothing.\n\nSecond one\nwith the   answer here.\n"
	tests := []struct {
		name, text, query string
		want              int
	}{
		{"match on a later line", text, "answer", 5},
		{"match in the first paragraph", text, "paragraph", 2},
		{"no match", text, "zebra", -1},
		{"leading blank lines counted", "\n\nfoo bar\n", "bar", 2},
		{"a match in the heading is not shown", text, "usage", -1},
		// Found by a 2-gram alone: the snippet shows it, on its line.
		{"a section found by a 2-gram alone", "## 構成\n\n書き手とストアの話。\n\n読み取り側。\n", "テスト", 2},
		{"the word before its 2-grams", "## 構成\n\nストアの話。\n\nテストの話。\n", "テスト", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, line := SnippetLine(tt.text, Parse(tt.query).Terms, 64)
			if line >= 0 && !strings.Contains(s, MarkOpen) {
				t.Errorf("SnippetLine(%q) = %q: a line but no mark", tt.query, s)
			}
			if line != tt.want {
				t.Errorf("SnippetLine(%q) = %q, line %d; want line %d", tt.query, s, line, tt.want)
			}
			if s != Snippet(tt.text, Parse(tt.query).Terms, 64) {
				t.Errorf("SnippetLine's snippet differs from Snippet's")
			}
		})
	}
}

// TestSnippetCutsBetweenCharacters: a window never starts or ends between
// a letter and the combining marks written after it (decomposed kana, as
// macOS tools write them: テ and U+3099 for デ).
func TestSnippetCutsBetweenCharacters(t *testing.T) {
	unmark := strings.NewReplacer(MarkOpen, "", MarkClose, "", Ellipsis, "")
	for n := 1; n <= 8; n++ {
		text := norm.NFD.String(strings.Repeat("デ", 40) + strings.Repeat("キ", n) + "オオワシ" + strings.Repeat("が", 40))
		got := Snippet(text, Parse("オオワシ").Terms, 64)
		if !strings.Contains(got, MarkOpen+"オオワシ"+MarkClose) {
			t.Fatalf("%d: snippet %q misses the match", n, got)
		}
		plain := unmark.Replace(got)
		at := strings.Index(text, plain)
		if at < 0 {
			t.Fatalf("%d: snippet %q is not the text's", n, got)
		}
		first, _ := utf8.DecodeRuneInString(plain)
		next, _ := utf8.DecodeRuneInString(text[at+len(plain):])
		if unicode.Is(unicode.Mn, first) || unicode.Is(unicode.Mn, next) {
			t.Errorf("%d: snippet %q is cut before a combining mark", n, got)
		}
	}
}

// BenchmarkSnippetManyMatches: a snippet of one long paragraph with
// hundreds of thousands of matches (a 5 MB page written without blank
// lines is one section); the spans' sort was quadratic (4 s a search).
func BenchmarkSnippetManyMatches(b *testing.B) {
	text := strings.Repeat("Some text about the cache and lock and [[other]] link. データベースの設計。\n", 20000)
	terms := Parse("cache lock").Terms
	b.ResetTimer()
	for range b.N {
		Snippet(text, terms, 64)
	}
}

// TestSortSpans: spans are ordered by start, the longer first at one
// start, and spans equal in both keep their order.
func TestSortSpans(t *testing.T) {
	s := []Span{{5, 7, 0}, {1, 2, 1}, {1, 4, 2}, {5, 7, 3}, {0, 1, 4}}
	sortSpans(s)
	want := []Span{{0, 1, 4}, {1, 4, 2}, {1, 2, 1}, {5, 7, 0}, {5, 7, 3}}
	for i := range want {
		if s[i] != want[i] {
			t.Fatalf("sorted %v, want %v", s, want)
		}
	}
}

// TestProseLine: the line a snippet without a match starts at, past what
// leadingProse skips.
func TestProseLine(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		want       int
	}{
		{"prose first", "Some words.\n", 0},
		{"after a heading and a blank line", "# Title\n\nSome words.\n", 2},
		{"after a comment and a code block", "## A\n<!-- note\nmore -->\n```\ncode\n```\n\nWords.\n", 7},
		{"after a link definition", "[x]: https://example.com\nWords.\n", 1},
		{"no prose at all", "## A\n\n```\ncode\n```\n", 0},
		{"empty", "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProseLine(tt.text); got != tt.want {
				t.Errorf("ProseLine(%q) = %d, want %d", tt.text, got, tt.want)
			}
		})
	}
}
