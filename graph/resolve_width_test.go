package graph

import "testing"

// TestResolveIgnoringWidth: Japanese writers type ASCII letters and digits
// in full width (ＡＰＩ設計) or kana in half width (ｶﾞｲﾄﾞ) as their input
// method leaves them. The filename, alias and title rules, which ignore case,
// also find a document written in another width, but only when nothing
// matches in the width written: a document named as the link is written
// wins over one that only folds alike.
func TestResolveIgnoringWidth(t *testing.T) {
	docs := []DocRef{
		{ID: 1, Path: "designs/ＡＰＩ設計.md", Title: "ＡＰＩの設計"},
		{ID: 2, Path: "guides/ガイド.md", Title: "利用ガイド", Aliases: []string{"ＣＬＩ"}},
		{ID: 3, Path: "specs/Cache.md", Title: "キャッシュ"},
		{ID: 4, Path: "specs/Ｃａｃｈｅ.md", Title: "全角"},
		{ID: 5, Path: "notes/版１.md", Title: "Release Notes"},
		{ID: 6, Path: "x/ＡＰＩ設計.md", Title: "Old"},
	}
	runResolveCases(t, docs, []resolveCase{
		{"filename half width for full width", "README.md", "API設計", ambiguous(RuleFilename, 1, 6)},
		{"filename lower case half width", "designs/x.md", "api設計", ambiguous(RuleFilename, 1, 6)},
		{"suffix half width for full width", "README.md", "designs/API設計", resolved(1, RuleFilename)},
		{"filename full width kana for half width", "README.md", "ｶﾞｲﾄﾞ", resolved(2, RuleFilename)},
		{"filename full width digit", "README.md", "版1", resolved(5, RuleFilename)},
		{"filename as written wins", "README.md", "cache", resolved(3, RuleFilename)},
		{"filename full width as written wins", "README.md", "ｃａｃｈｅ", resolved(4, RuleFilename)},
		{"alias half width", "README.md", "cli", resolved(2, RuleAlias)},
		{"title half width", "README.md", "APIの設計", resolved(1, RuleTitle)},
		{"title half width kana", "README.md", "利用ｶﾞｲﾄﾞ", resolved(2, RuleTitle)},
		{"title full width for half width", "README.md", "Ｒｅｌｅａｓｅ Ｎｏｔｅｓ", resolved(5, RuleTitle)},
		// Paths stay exact: a path names one file.
		{"path in another width is a file name", "README.md", "DESIGNS/API設計", resolved(1, RuleFilename)},
		{"unrelated stays unresolved", "README.md", "API", Resolution{}},
	})
}
