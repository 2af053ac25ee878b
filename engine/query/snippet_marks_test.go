package query

import (
	"strings"
	"testing"
)

// TestSnippetMarksAreNotMarkdown: highlight marks cannot be read as a
// Markdown link, a wiki-link or emphasis, even around text that has them.
func TestSnippetMarksAreNotMarkdown(t *testing.T) {
	terms := Parse("cache").Terms
	for _, text := range []string{
		"See [[cache]] for the design.",
		"The [cache](cache.md) layer.",
		"A **cache** of pages.",
	} {
		got := Snippet(text, terms, 64)
		if !strings.Contains(got, MarkOpen+"cache"+MarkClose) {
			t.Errorf("%q: snippet %q does not mark the match", text, got)
		}
		for _, bad := range []string{"[[[", "]]]", "[cache]", "[[cache]]"} {
			if strings.Contains(got, bad) && !strings.Contains(text, bad) {
				t.Errorf("%q: snippet %q reads like Markdown (%s)", text, got, bad)
			}
		}
		for _, m := range []string{MarkOpen, MarkClose} {
			if strings.ContainsAny(m, "[]()*_`<>#|") {
				t.Errorf("mark %q uses a Markdown character", m)
			}
		}
	}
}
