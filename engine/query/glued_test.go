package query

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestGluedWords(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"新APIの仕様", []string{"api"}},
		{"再帰CTEで実装", []string{"cte"}},
		{"約470MBのモデル", []string{"470mb"}},
		{"最大512トークン", []string{"512"}},
		{"新API連携V2X", []string{"api", "v2x"}},
		{"API新機能", nil},            // the token starts with the word: the word index finds it
		{"新 API", nil},             // a space: its own token
		{"新・API", nil},             // punctuation separates
		{"ガイドABC", nil},            // kana separate
		{"々abc 〇def", nil},         // so do 々 and 〇
		{"新AI", nil},               // two letters: scanned with word boundaries instead
		{"한국abc", []string{"abc"}}, // hangul glues
		{"api新cte", []string{"cte"}},
		{"", nil},
	}
	for _, c := range cases {
		var got []string
		GluedWords(c.text, func(w string) { got = append(got, w) })
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("GluedWords(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestGluedTermsFollowTheWordIndex(t *testing.T) {
	q := Parse("新しいAPIとcacheとgo")
	var glued []string
	for _, term := range q.Terms {
		if term.Kind == Glued {
			glued = append(glued, term.Text)
			word := q.GroupTerms(term.Group)[0]
			if word.Kind != Word || word.Text != term.Text || !word.WordIndexed() {
				t.Errorf("glued %q stands beside %+v, want its word of the word index", term.Text, word)
			}
		}
	}
	if !reflect.DeepEqual(glued, []string{"api"}) {
		t.Errorf("glued terms %q, want [api] (cache and go are not served by the word index)", glued)
	}
	for _, c := range []struct {
		text string
		want bool
	}{
		{"新APIの仕様", true},
		{"新APIsの仕様", true},
		{"The API", false},
		{"rapid", false},
		{"新・API", false},
	} {
		if got := HasGlued(c.text, "api"); got != c.want {
			t.Errorf("HasGlued(%q, api) = %v, want %v", c.text, got, c.want)
		}
	}
}

// FuzzGluedWords: every glued word is at least three cased letters or
// digits, lower case, and written in the text right after a glue rune.
func FuzzGluedWords(f *testing.F) {
	for _, s := range []string{"新APIの仕様", "約470MB", "한국abc", "api新cte", "\xff新abc", "新ǅabc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lower := strings.ToLower(s)
		GluedWords(s, func(w string) {
			if utf8.RuneCountInString(w) < minGluedRunes || w != strings.ToLower(w) {
				t.Fatalf("GluedWords(%q) gave %q", s, w)
			}
			for _, r := range w {
				if !isTokenLetter(r) {
					t.Fatalf("GluedWords(%q) gave %q with %q", s, w, r)
				}
			}
			found := false
			for i := 0; !found; {
				j := strings.Index(lower[i:], w)
				if j < 0 {
					break
				}
				prev, _ := utf8.DecodeLastRuneInString(lower[:i+j])
				found = i+j > 0 && IsGlueRune(prev)
				i += j + 1
			}
			if !found {
				t.Fatalf("GluedWords(%q) gave %q, not written after a glue rune", s, w)
			}
		})
	})
}
