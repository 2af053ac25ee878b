package query_test

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/query"
)

// A snippet of a translated query shows where the query's own words are,
// not where more of their English glosses are: a Japanese page that keeps
// the English original beside its translation (in HTML comments, say)
// matches the glosses there too, and each gloss used to count as a term of
// its own.
func TestSnippetPrefersTheQuerysOwnWordsToGlosses(t *testing.T) {
	g := builtin(t)
	filler := strings.Repeat("あいうえお。", 30)
	tests := []struct {
		name, text, query string
		want, notWant     string
	}{
		{name: "one concept: the word as written beats two glosses",
			text:    "<!-- Ownership rules: keep ownership in mind. -->" + filler + "所有権の規則を覚えておいてください。" + filler,
			query:   "所有権とは",
			want:    "⟦所有権⟧の規則",
			notWant: "⟦Ownership⟧"},
		{name: "two concepts: both words as written beat their glosses",
			text:    "<!-- The ownership of a reference and borrowing it -->" + filler + "所有権と参照について説明します。" + filler,
			query:   "所有権と参照",
			want:    "⟦所有権⟧と⟦参照⟧",
			notWant: "⟦ownership⟧"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := query.Snippet(tt.text, query.ParseTranslated(tt.query, g).Terms, 60)
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.notWant) {
				t.Errorf("Snippet = %q\nwant it to show %q and not %q", got, tt.want, tt.notWant)
			}
		})
	}
}
