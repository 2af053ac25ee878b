package engine

import (
	"slices"
	"strings"
	"testing"
)

// TestLanguageNamesWithSuffixes: C++ and C# are names of their own, not
// the word C: each finds its page only, first in both modes, and the
// snippet marks the whole name.
func TestLanguageNamesWithSuffixes(t *testing.T) {
	e := searchProject(t, map[string]string{
		"cpp.md":    "---\ntitle: Engine\n---\n\n# Engine\n\nWe write the engine in C++ with templates.\n",
		"csharp.md": "---\ntitle: Client\n---\n\n# Client\n\nThe client is written in C# on .NET.\n",
		"c.md":      "---\ntitle: Kernel\n---\n\n# Kernel\n\nThe kernel module is plain C code.\n",
		"fsharp.md": "---\ntitle: Scripts\n---\n\n# Scripts\n\nThe build scripts are F# and Notepad++ macros.\n",
	}, "none")
	cases := []struct {
		query, want, mark string
	}{
		{"C++", "cpp.md", "⟦C++⟧"},
		{"c++ templates", "cpp.md", "⟦C++⟧"},
		{"C#", "csharp.md", "⟦C#⟧"},
		{"F#", "fsharp.md", "⟦F#⟧"},
		{"notepad++", "fsharp.md", "⟦Notepad++⟧"},
	}
	for _, c := range cases {
		ft := mustFulltext(t, e, FulltextOptions{Query: c.query})
		if got := ftPaths(ft); !slices.Equal(got, []string{c.want}) {
			t.Errorf("fulltext %q = %v, want [%s]", c.query, got, c.want)
		} else if !strings.Contains(ft.Results[0].Snippet, c.mark) {
			t.Errorf("fulltext %q: snippet %q, want %s in it", c.query, ft.Results[0].Snippet, c.mark)
		}
		res := mustSearch(t, e, SearchOptions{Query: c.query})
		if len(res.Results) == 0 || res.Results[0].Filepath != c.want {
			t.Errorf("search %q = %+v, want %s first", c.query, res.Results, c.want)
		}
	}
}
