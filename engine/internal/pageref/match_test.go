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
	for key, want := range map[string]int64{
		"readme":    3, // a filepath (ignoring case) beats titles and aliases
		"readme.md": 3,
		"other":     2,
		"top":       3,
		"nothing":   0,
	} {
		got := Match(docs, key)
		switch {
		case want == 0 && got != nil:
			t.Errorf("Match(%q) = %d, want none", key, got.ID)
		case want != 0 && (got == nil || got.ID != want):
			t.Errorf("Match(%q) = %+v, want %d", key, got, want)
		}
	}
	// A title beats an alias; the first title by filepath wins.
	if got := Match(docs[:2], "readme"); got == nil || got.ID != 1 {
		t.Errorf("title vs alias: %+v", got)
	}
	if got := Match([]Doc{docs[3], docs[0]}, "readme"); got == nil || got.ID != 4 {
		t.Errorf("first title in order: %+v", got)
	}
}
