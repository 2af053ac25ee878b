package engine

import (
	"slices"
	"testing"
)

// TestSharpNameGluedToJapanese: a query writing a name such as C# or C++
// right before Japanese (C#言語) searches the name too: the page on C#
// comes first, and pages on C or on 言語 alone come after it. Until
// 2026-11-28 C#言語 searched 言語 alone (the '#' before a kanji was no
// name's suffix, and the lone c was dropped), ranking the page on C first.
func TestSharpNameGluedToJapanese(t *testing.T) {
	e := searchProject(t, map[string]string{
		"csharp.md": "# C# の入門\n\nC# はマイクロソフトのプログラミング言語です。\n",
		"c.md":      "# C言語の入門\n\nC言語はプログラミング言語です。言語の基本。\n",
		"cpp.md":    "# C++ の入門\n\nC++ は言語です。\n",
	}, "none")
	tests := []struct {
		query string
		first string
	}{
		{"C#言語", "csharp.md"},
		{"C++言語", "cpp.md"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			ft := ftPaths(mustFulltext(t, e, FulltextOptions{Query: tt.query}))
			if len(ft) == 0 || ft[0] != tt.first {
				t.Errorf("fulltext: sections of %v, want %s first", ft, tt.first)
			}
			hy := hitPaths(mustSearch(t, e, SearchOptions{Query: tt.query}))
			if len(hy) == 0 || hy[0] != tt.first {
				t.Errorf("hybrid: %v, want %s first", hy, tt.first)
			}
			if !slices.Contains(hy, "c.md") {
				t.Errorf("hybrid: %v, want c.md (言語) found too", hy)
			}
		})
	}
}
