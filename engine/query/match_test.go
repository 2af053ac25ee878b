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
