package engine

import (
	"context"
	"strings"
	"testing"
)

// TestListPagesSortsTitlesWhateverTheirWidth: sorted by title, a title in
// full-width letters (ＡＰＩ設計) sits with the ones in ASCII and one in
// half-width katakana (ｱｲﾃﾑ) with the full-width kana, as the titles are
// compared in search and get-page (textfold, NFKC) and read by a Japanese
// reader. They were sorted by code point after every kanji: U+FF21 and
// U+FF71 come after the CJK block.
func TestListPagesSortsTitlesWhateverTheirWidth(t *testing.T) {
	titles := map[string]string{
		"a.md": "API概要", "b.md": "ＡＰＩ設計", "c.md": "Bガイド",
		"d.md": "ｱｲﾃﾑ", "e.md": "アイテム一覧", "f.md": "イベント", "g.md": "漢字",
	}
	files := map[string]string{}
	for path, title := range titles {
		files[path] = "# " + title + "\n\n本文。\n"
	}
	e := searchProject(t, files, "none")
	for _, order := range []string{"asc", "desc"} {
		res, err := e.ListPages(context.Background(), ListPagesOptions{Sort: "title", Order: order})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range res.Pages {
			got = append(got, p.Title)
		}
		want := []string{"API概要", "ＡＰＩ設計", "Bガイド", "ｱｲﾃﾑ", "アイテム一覧", "イベント", "漢字"}
		if order == "desc" {
			for i, j := 0, len(want)-1; i < j; i, j = i+1, j-1 {
				want[i], want[j] = want[j], want[i]
			}
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: titles %v, want %v", order, got, want)
		}
	}
}
