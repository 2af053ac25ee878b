package query

import (
	"strings"
	"testing"
)

// TestSnippetNeverMarksPartOfAMatch: whatever the width, a snippet marks
// whole matches only: a window that would begin inside a match begins at
// its start instead (it marked the h of refresh, "…⟦h⟧ ⟦token⟧", when the
// window began one letter before its end), as one that would end inside
// a match ends before it.
func TestSnippetNeverMarksPartOfAMatch(t *testing.T) {
	texts := []string{
		"Clients call the refresh endpoint. 3. A new access and refresh token are issued 4. The old refresh token is revoked and rotation completes.",
		"トークンの更新では、新しいアクセストークンとリフレッシュトークンを発行し、古いリフレッシュトークンを失効させる。",
		strings.Repeat("filler words here ", 5) + "refreshing tokens rotate; refresh token rotation " + strings.Repeat("more filler ", 5),
	}
	for _, text := range texts {
		q := Parse("refresh token rotation リフレッシュトークン")
		for width := 8; width <= 120; width++ {
			s := Snippet(text, q.Terms, width)
			for _, marked := range markedIn(s) {
				if !startsWithATerm(strings.ToLower(marked), q.Terms) {
					t.Errorf("width %d: %q marks %q, which begins no term of %q", width, s, marked, q.Text)
				}
			}
		}
	}
}

// markedIn returns the texts a snippet marks.
func markedIn(s string) []string {
	var out []string
	for {
		i := strings.Index(s, MarkOpen)
		if i < 0 {
			return out
		}
		s = s[i+len(MarkOpen):]
		j := strings.Index(s, MarkClose)
		if j < 0 {
			return append(out, s)
		}
		out = append(out, s[:j])
		s = s[j+len(MarkClose):]
	}
}

func startsWithATerm(s string, terms []Term) bool {
	for _, t := range terms {
		if strings.HasPrefix(s, t.Text) {
			return true
		}
	}
	return false
}
