package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/search"
	"github.com/ubp-dev/ubp/internal/fixture"
	"github.com/ubp-dev/ubp/ranking"
)

func TestFulltextSearchJapanese(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	tests := []struct {
		name, query, wantPath, wantHeading, wantSnippet string
	}{
		{"two-character word", "検索", "guides/japanese.md", "", "⟦検索⟧"},
		{"one character", "監", "guides/japanese.md", "変更検出", "⟦監⟧"},
		{"long question", "ファイルの変更をリアルタイムで検出する仕組み", "guides/japanese.md", "変更検出", "⟦ファイル⟧の⟦変更⟧を⟦リアルタイム⟧で⟦検出⟧"},
		{"latin glued to katakana", "Embeddingモデル", "guides/japanese.md", "Embeddingモデル", "⟦Embeddingモデル⟧"},
		{"space separated mixed", "MCP ツール", "guides/japanese.md", "Embeddingモデル", "⟦MCP⟧ ⟦ツール⟧"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustFulltext(t, e, FulltextOptions{Query: tt.query})
			if len(res.Results) == 0 {
				t.Fatalf("no results")
			}
			top := res.Results[0]
			if top.Filepath != tt.wantPath {
				t.Fatalf("top = %s, want %s (all %v)", top.Filepath, tt.wantPath, ftPaths(res))
			}
			heading := ""
			if top.SectionHeading != nil {
				heading = *top.SectionHeading
			}
			if heading != tt.wantHeading {
				t.Errorf("heading = %q, want %q", heading, tt.wantHeading)
			}
			if !strings.Contains(top.Snippet, tt.wantSnippet) {
				t.Errorf("snippet %q lacks %q", top.Snippet, tt.wantSnippet)
			}
			if top.Line <= 0 || top.Rank <= 0 {
				t.Errorf("line %d rank %v, want both positive", top.Line, top.Rank)
			}
		})
	}
}

func TestFulltextSearchSectionZeroHasNullHeading(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	res := mustFulltext(t, e, FulltextOptions{Query: "trigram で動く"})
	if len(res.Results) == 0 || res.Results[0].SectionHeading != nil {
		t.Fatalf("want the opening section (null heading) first, got %+v", res.Results)
	}
	if res.Results[0].Line != 8 {
		t.Errorf("line = %d, want 8 (the match, below the title on line 6)", res.Results[0].Line)
	}
}

// TestFulltextSearchLongOpeningHasNullHeading: the later parts of a long
// text before the first heading (sections of ord > 0 without a heading)
// have a null heading too, not "".
func TestFulltextSearchLongOpeningHasNullHeading(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Long\n\n")
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&b, "Paragraph %d of the opening text, long enough to be split in parts by the indexer.\n\n", i)
	}
	b.WriteString("The zeppelin arrives at the end.\n\n## Later\n\nMore.\n")
	e := searchProject(t, map[string]string{"long.md": b.String()}, "none")
	res := mustFulltext(t, e, FulltextOptions{Query: "zeppelin"})
	if len(res.Results) != 1 || res.Results[0].SectionHeading != nil {
		t.Fatalf("want one hit with a null heading, got %+v", res.Results)
	}
}

func TestFulltextSearchRanksMoreTermsHigher(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	// ranking-notes.md repeats "ranking"; search.md has every term once.
	res := mustFulltext(t, e, FulltextOptions{Query: "ranking fusion weights"})
	if len(res.Results) < 2 || res.Results[0].Filepath != "designs/search.md" {
		t.Fatalf("results %v, want designs/search.md first", ftPaths(res))
	}
	if !slices.Contains(ftPaths(res), "notes/ranking-notes.md") {
		t.Errorf("a document matching one term must still be found: %v", ftPaths(res))
	}
}

func TestFulltextSearchSyntaxIsLiteral(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	for _, q := range []string{
		`"unbalanced`, `NEAR(graph storage, 2)`, `graph*`, `^graph`, `heading:Fusion`,
		`(fusion OR) AND NOT`, `""`, `'; DROP TABLE sections; --`, `*`, `+-^:()`,
	} {
		t.Run(q, func(t *testing.T) {
			if _, err := e.FulltextSearch(context.Background(), FulltextOptions{Query: q}); err != nil {
				t.Errorf("query %q: %v", q, err)
			}
		})
	}
	// Column filters are not honoured: "heading:Fusion" looks for the text.
	res := mustFulltext(t, e, FulltextOptions{Query: `"heading:Fusion"`})
	if res.TotalFound != 0 {
		t.Errorf(`"heading:Fusion" matched %v, want nothing (no such text)`, ftPaths(res))
	}
}

func TestFulltextSearchFiltersAndTotal(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	all := mustFulltext(t, e, FulltextOptions{Query: "ranking", Limit: 50})
	if all.TotalFound < 3 || all.TotalFound != len(all.Results) {
		t.Fatalf("total %d with %d results, want >= 3 and equal", all.TotalFound, len(all.Results))
	}
	one := mustFulltext(t, e, FulltextOptions{Query: "ranking", Limit: 1})
	if len(one.Results) != 1 || one.TotalFound != all.TotalFound {
		t.Errorf("limit 1: %d results, total %d; want 1 and %d", len(one.Results), one.TotalFound, all.TotalFound)
	}
	other := mustFulltext(t, e, FulltextOptions{Query: "ranking", DocType: "other"})
	for _, h := range other.Results {
		if h.Filepath != "notes/ranking-notes.md" {
			t.Errorf("doc_type other returned %s", h.Filepath)
		}
	}
	if other.TotalFound != 1 {
		t.Errorf("doc_type other total %d, want 1 (one section)", other.TotalFound)
	}
}

func TestFulltextSearchValidation(t *testing.T) {
	e := searchProject(t, searchDocs, "none")
	ctx := context.Background()
	_, err := e.FulltextSearch(ctx, FulltextOptions{Query: "  "})
	wantArgError(t, err, "query")
	_, err = e.FulltextSearch(ctx, FulltextOptions{Query: "x", Limit: 51})
	wantArgError(t, err, "limit")
	_, err = e.FulltextSearch(ctx, FulltextOptions{Query: "x", Limit: -1})
	wantArgError(t, err, "limit")
	_, err = e.FulltextSearch(ctx, FulltextOptions{Query: "x", DocType: "novel"})
	wantArgError(t, err, "doc_type")
}

func TestFulltextSharedCorpus(t *testing.T) {
	e := sharedCorpusEngine(t)
	tests := []struct{ query, want string }{
		{"データベース設計", "designs/database-schema"},
		{"Embeddingモデル", "designs/embedding-model"},
		{"MCP ツール", "designs/mcp-tools"},
		{"検索結果の関連性スコアの計算方法", "designs/search-algorithm"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, e, SearchOptions{Query: tt.query, Limit: 3})
			if res.SearchType != search.TypeFulltextFallback {
				t.Errorf("%s: search_type %s, want fulltext_fallback with provider none", tt.query, res.SearchType)
			}
			if len(res.Results) == 0 || !strings.HasPrefix(res.Results[0].Filepath, tt.want) {
				t.Errorf("%s: top %v, want %s(.ja).md", tt.query, hitPaths(res), tt.want)
			}
		})
	}
}

// sharedCorpusEngine indexes a copy of the unified-blueprint corpus with no
// embeddings, for full-text tests.
func sharedCorpusEngine(t *testing.T) *Engine {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, "unified-blueprint-docs"), root, time.Time{})
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := coreOpen(t, p)
	coreIndex(t, e, false)
	return e
}

// A three-letter word counts only where a word begins: "use" is not found
// inside "because" or "museum", "art" not inside "start".
func TestFulltextShortWordMatchesWordStartsOnly(t *testing.T) {
	e := searchProject(t, map[string]string{
		"inside.md":  "# Museum notes\n\nBecause the museum opens late, start early and cause no delay.\n",
		"word.md":    "# Tools\n\nWe use a hammer. Users of the tool use it daily.\n",
		"artwork.md": "# Art\n\nArt of the start.\n",
	}, "none")
	tests := []struct {
		query string
		want  []string
	}{
		{"use", []string{"word.md"}},
		{"art", []string{"artwork.md"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustFulltext(t, e, FulltextOptions{Query: tt.query})
			var got []string
			for _, r := range res.Results {
				if !slices.Contains(got, r.Filepath) {
					got = append(got, r.Filepath)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("documents = %v, want %v", got, tt.want)
			}
		})
	}
}

// A Japanese query's adjacent characters (権の, のル) are a small bonus: of
// two pages with the same words, the one that writes them as the query
// does (所有権のルール) ranks first, although the other is shorter; a page
// with a bigram and no concept of the query is not found.
func TestSearchJapaneseBigramsFavourTheQuerysPhrase(t *testing.T) {
	e := searchProject(t, map[string]string{
		"phrase.md": "# 説明\n\n所有権のルールを守る。所有権のルールは三つある。\n",
		"apart.md":  "# 概要\n\n所有権、ルール。所有権、ルール。\n",
		"other.md":  "# 別件\n\n特権のある話で、関係のない文書です。\n",
	}, "none")
	res, err := e.Search(context.Background(), SearchOptions{Query: "所有権のルールとは"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range res.Results {
		got = append(got, h.Filepath)
	}
	// other.md shares only the bigram 権の, no concept: a bonus is not a
	// match.
	if len(got) != 2 || got[0] != "phrase.md" || got[1] != "apart.md" {
		t.Fatalf("ranking = %v, want phrase.md then apart.md only", got)
	}
}

// A lone kanji with okurigana (速い) also looks for the kanji alone (速),
// which is part of other words (速度). Found only there it is a sub-term of
// weight 1/3, and it counts so in the concepts a page matched: a page about
// 処理速度 that never writes 速い matches the query "速い処理" partly, not
// strongly, while a page writing both words does.
func TestSearchJapaneseLoneKanjiCountsItsWeightInTheMatch(t *testing.T) {
	e := searchProject(t, map[string]string{
		"speed.md": "# 計測\n\n処理の速度を測る。処理の速度は変わる。\n",
		"fast.md":  "# 高速化\n\n速い処理を書く。\n",
		"other.md": "# 別件\n\n関係のない文書です。\n",
	}, "none")
	res, err := e.Search(context.Background(), SearchOptions{Query: "速い処理"})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, h := range res.Results {
		got[h.Filepath] = h.Match
	}
	if got["fast.md"] != ranking.MatchStrong || got["speed.md"] != ranking.MatchPartial {
		t.Fatalf("match levels = %v, want fast.md strong and speed.md partial", got)
	}
}
