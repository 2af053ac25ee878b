package engine

import (
	"slices"
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
