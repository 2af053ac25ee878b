package query

import "testing"

// TestOccursAgreesWithCount: Occurs is CountLower > 0 without counting,
// for every kind of term (short Latin words on word boundaries, glosses and
// three-letter words at word starts, stems marking the whole word,
// Japanese).
func TestOccursAgreesWithCount(t *testing.T) {
	texts := []string{
		"Search ranking with graph", "reindex the index", "because we use it", "users", "a threshold",
		"ファイルの変更を検出する", "AIに聞く", "the go tool", "gopher", "", "old data", "検索精度の課題",
		"Embeddingモデル", "cold start", "art and start",
	}
	queries := []string{"search", "index", "use", "go", "ai", "old", "検索", "変更を検出", "embedding モデル", "art", "精度", "x"}
	for _, qt := range queries {
		q := Parse(qt)
		for _, term := range q.Terms {
			pat := []rune(term.Text)
			for _, text := range texts {
				lower := []rune(Lower(text))
				want := CountLower(lower, term) > 0
				if got := Occurs(lower, pat, term); got != want {
					t.Errorf("Occurs(%q, %q %s) = %v, CountLower says %v", text, term.Text, term.Kind, got, want)
				}
			}
		}
	}
	gloss := Term{Text: "old", Kind: Translation, Script: ScriptLatin, Group: 0, Weight: 0.5}
	for text, want := range map[string]bool{"old data": true, "a threshold": false, "Old": true} {
		if got := Occurs([]rune(Lower(text)), []rune(gloss.Text), gloss); got != want {
			t.Errorf("gloss %q in %q: %v, want %v", gloss.Text, text, got, want)
		}
	}
}

func BenchmarkOccurs(b *testing.B) {
	lower := []rune(Lower("Search Ranking: hybrid scoring with graph proximity and full-text BM25"))
	q := Parse("graph proximity weighting")
	pats := make([][]rune, len(q.Terms))
	for i, t := range q.Terms {
		pats[i] = []rune(t.Text)
	}
	b.Run("CountLower", func(b *testing.B) {
		for b.Loop() {
			for _, t := range q.Terms {
				_ = CountLower(lower, t) > 0
			}
		}
	})
	b.Run("Occurs", func(b *testing.B) {
		for b.Loop() {
			for i, t := range q.Terms {
				_ = Occurs(lower, pats[i], t)
			}
		}
	})
}

func TestNumberEdges(t *testing.T) {
	for _, c := range []struct {
		text, term string
		want       int
	}{
		{"ERR42 and ERR420", "err42", 1},
		{"err42x", "err42", 1},           // a letter after the number: ERR42's own variant
		{"v2024 20245 2024.", "2024", 2}, // a letter before it does not change the number
		{"x86 x864 ax86", "x86", 1},
		{"version 3 and 13", "3", 1},
	} {
		if got := Count(c.text, Parse(c.term).Terms[0]); got != c.want {
			t.Errorf("Count(%q, %q) = %d, want %d", c.text, c.term, got, c.want)
		}
	}
}
