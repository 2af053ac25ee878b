package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestKatakanaLongVowelVariants: a loanword is found whether the page
// writes it with its closing long-vowel mark (サーバー) or without
// (サーバ), whichever the query writes.
func TestKatakanaLongVowelVariants(t *testing.T) {
	e := searchProject(t, map[string]string{
		"short.md": "---\ntitle: 短い表記\n---\n\n# 短い表記\n\nサーバの設定を変更する。コンピュータに接続する。\n",
		"long.md":  "---\ntitle: 長い表記\n---\n\n# 長い表記\n\nサーバーの設定を変更する。コンピューターに接続する。\n",
		"key.md":   "---\ntitle: 鍵\n---\n\n# 鍵\n\nキを押す。\n",
	}, "none")
	for _, q := range []string{"サーバー", "サーバ", "コンピューター", "コンピュータ", "サーバーの設定"} {
		got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: q}))
		slices.Sort(got)
		if !slices.Equal(got, []string{"long.md", "short.md"}) {
			t.Errorf("fulltext %q = %v, want both spellings", q, got)
		}
	}
	// Short words keep their mark: キー is not キ.
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "キー"})); len(got) != 0 {
		t.Errorf("fulltext キー = %v, want nothing", got)
	}
}

// TestKatakanaSpellingVariantsInsideTheWord: a loanword the glossary
// writes several ways (インターフェース, インタフェース, インターフェイス) is
// found in every spelling whichever the query writes, and the snippet
// marks the page's own spelling; a word the glossary spells with a
// different meaning once a long-vowel mark is added (ビル, building; ビール,
// beer) does not find it.
func TestKatakanaSpellingVariantsInsideTheWord(t *testing.T) {
	e := searchProject(t, map[string]string{
		"jis.md":  "---\ntitle: 規格表記\n---\n\n# 規格表記\n\n外部インタフェースを定義する。\n",
		"long.md": "---\ntitle: 長音表記\n---\n\n# 長音表記\n\n外部インターフェースを定義する。\n",
		"ei.md":   "---\ntitle: 二重母音表記\n---\n\n# 二重母音表記\n\n外部インターフェイスを定義する。\n",
		"beer.md": "---\ntitle: 飲み物\n---\n\n# 飲み物\n\nビールを注文する。\n",
	}, "none")
	all := []string{"ei.md", "jis.md", "long.md"}
	for _, q := range []string{"インタフェース", "インターフェース", "インターフェイス", "インタフェイス", "外部インタフェースの定義"} {
		hits := mustFulltext(t, e, FulltextOptions{Query: q})
		got := ftPaths(hits)
		slices.Sort(got)
		if !slices.Equal(got, all) {
			t.Errorf("fulltext %q = %v, want %v", q, got, all)
		}
		for _, h := range hits.Results {
			if !marksKatakanaWord(h.Snippet, "インタ") {
				t.Errorf("fulltext %q: %s snippet %q marks no spelling of the word", q, h.Filepath, h.Snippet)
			}
		}
	}
	if got := ftPaths(mustFulltext(t, e, FulltextOptions{Query: "ビル"})); len(got) != 0 {
		t.Errorf("fulltext ビル = %v, want nothing (ビール is beer)", got)
	}
}

// marksKatakanaWord reports whether a span the snippet marks holds part.
func marksKatakanaWord(snippet, part string) bool {
	for _, piece := range strings.Split(snippet, "⟦")[1:] {
		marked, _, _ := strings.Cut(piece, "⟧")
		if strings.Contains(marked, part) {
			return true
		}
	}
	return false
}

// TestKatakanaCompoundFindsItsWords: a katakana compound written without
// a break (データベーススキーマ) finds the pages writing its words apart
// (データベースのスキーマ, データベース・スキーマ), as the same query written
// with the break does: loanword compounds are written both ways. Before,
// the compound was one term, found only as written (or through its
// English glosses), so a Japanese page writing the words apart was not
// found at all.
func TestKatakanaCompoundFindsItsWords(t *testing.T) {
	e := searchProject(t, map[string]string{
		"apart.md": "---\ntitle: 定義\n---\n\n# 定義\n\nデータベースのスキーマを定義する。\n",
		"dot.md":   "---\ntitle: 表記\n---\n\n# 表記\n\nデータベース・スキーマの表記。\n",
		"one.md":   "---\ntitle: 片方\n---\n\n# 片方\n\nデータベースを使う。\n",
		"none.md":  "---\ntitle: 無関係\n---\n\n# 無関係\n\n関係のない文書。\n",
	}, "none")
	for _, q := range []string{"データベーススキーマ", "データベース・スキーマ"} {
		res := mustSearch(t, e, SearchOptions{Query: q, Limit: 10})
		got := hitPaths(res)
		if len(got) < 3 || !slices.Equal(sortedCopy(got[:2]), []string{"apart.md", "dot.md"}) || got[2] != "one.md" {
			t.Errorf("search %q = %v, want apart.md and dot.md, then one.md", q, got)
			continue
		}
		for _, h := range res.Results[:2] {
			if h.Match != "strong" {
				t.Errorf("search %q: %s match %s, want strong", q, h.Filepath, h.Match)
			}
		}
		if slices.Contains(got, "none.md") {
			t.Errorf("search %q found none.md: %v", q, got)
		}
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}
