package pageref

import "testing"

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"kitten", "sitting", 5, 3},
		{"", "abc", 5, 3},
		{"abc", "abc", 0, 0},
		{"検索", "検策", 2, 1},
		{"short", "a-much-longer-string", 3, 4}, // over the limit: limit+1
	} {
		t.Run(c.a+" to "+c.b, func(t *testing.T) {
			if got := EditDistance(c.a, c.b, c.limit); got != c.want {
				t.Errorf("EditDistance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
			}
		})
	}
}

func TestMatchPagePrecedence(t *testing.T) {
	docs := []Doc{
		{ID: 1, Path: "a/notes.md", Title: "Readme"},
		{ID: 2, Path: "b.md", Title: "Other", Aliases: []string{"readme"}},
		{ID: 3, Path: "README.md", Title: "Top"},
		{ID: 4, Path: "c.md", Title: "Readme"},
	}
	checkMatch(t, docs, map[string]int64{
		"readme":    3, // a filepath (ignoring case) beats titles and aliases
		"readme.md": 3,
		"other":     2,
		"top":       3,
		"nothing":   0,
	})
	// A title beats an alias; the first title by filepath wins.
	if got := Match(docs[:2], "readme"); got == nil || got.ID != 1 {
		t.Errorf("title vs alias: %+v", got)
	}
	if got := Match([]Doc{docs[3], docs[0]}, "readme"); got == nil || got.ID != 4 {
		t.Errorf("first title in order: %+v", got)
	}
}

// TestMatchIgnoringWidth: a page is found by its path, title or alias
// written in another width, after every rule that compares the width as
// written (an exact-width match elsewhere wins).
func TestMatchIgnoringWidth(t *testing.T) {
	docs := []Doc{
		{ID: 1, Path: "ＡＰＩ設計.md", Title: "設計"},
		{ID: 2, Path: "仕様書（案）.md", Title: "仕様書（案）"},
		{ID: 3, Path: "notes.md", Title: "ﾒﾓ", Aliases: []string{Fold("ＦＡＱ")}},
		{ID: 4, Path: "api.md", Title: "API"},
	}
	checkMatch(t, docs, map[string]int64{
		"API設計":    1,
		"api設計.md": 1,
		"仕様書(案)":   2,
		"メモ":       3,
		"faq":      3,
		"ＡＰＩ":      4, // api.md by width-folded path: "api"
		"api":      4,
		"設計書":      0,
	})
}

// checkMatch checks Match(docs, key) for each key: the document id wanted,
// 0 for none.
func checkMatch(t *testing.T, docs []Doc, cases map[string]int64) {
	t.Helper()
	for key, want := range cases {
		got := Match(docs, key)
		switch {
		case want == 0 && got != nil:
			t.Errorf("Match(%q) = %d, want none", key, got.ID)
		case want != 0 && (got == nil || got.ID != want):
			t.Errorf("Match(%q) = %+v, want %d", key, got, want)
		}
	}
}
