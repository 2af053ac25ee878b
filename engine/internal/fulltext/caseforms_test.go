package fulltext

import (
	"slices"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
)

// TestCaseForms: every spelling of a lower-case phrase that lower-cases
// to it, so that the scan's rows hold the phrase in any case; none that
// lower-cases to something else.
func TestCaseForms(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"ai", []string{"ai", "aI", "Ai", "AI"}},
		{"k", []string{"k", "K", "\u212a"}}, // the Kelvin sign lower-cases to k
		{"->", []string{"->"}},
		{"検索", []string{"検索"}},
		{"c#", []string{"c#", "C#"}},
		{strings.Repeat("a", 7), []string{strings.Repeat("a", 7)}}, // 128 forms: only itself
	}
	for _, tt := range tests {
		got := caseForms(tt.in)
		gs, ws := slices.Clone(got), slices.Clone(tt.want)
		slices.Sort(gs)
		slices.Sort(ws)
		if !slices.Equal(gs, ws) || got[0] != tt.in {
			t.Errorf("caseForms(%q) = %q, want %q, itself first", tt.in, got, tt.want)
		}
		for _, f := range got {
			if query.Lower(f) != tt.in {
				t.Errorf("caseForms(%q) holds %q, which lower-cases to %q", tt.in, f, query.Lower(f))
			}
		}
	}
}

// TestLikeForms: the spellings LIKE needs for a short word, which folds
// the case of ASCII letters only.
func TestLikeForms(t *testing.T) {
	for in, want := range map[string][]string{
		"go": {"go"}, "é": {"é", "É"}, "aé": {"aé", "aÉ"}, "ü1": {"ü1", "Ü1"}, "k": {"k", "\u212a"}, "c#": {"c#"},
	} {
		if got := likeForms(in); !slices.Equal(got, want) {
			t.Errorf("likeForms(%q) = %q, want %q", in, got, want)
		}
	}
}
