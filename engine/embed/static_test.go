package embed

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestStaticPassagesMatchQueries: passages are embedded on several
// goroutines; each vector must be the one the text gets alone, in order.
func TestStaticPassagesMatchQueries(t *testing.T) {
	ctx := context.Background()
	s := NewStatic()
	var texts []string
	for i := range 300 {
		switch i % 3 {
		case 0:
			texts = append(texts, fmt.Sprintf("the cache %d retries requests when the network splits", i))
		case 1:
			texts = append(texts, fmt.Sprintf("キャッシュは要求を再試行する %d", i))
		default:
			texts = append(texts, "") // nothing to embed
		}
	}
	got, err := s.EmbedPassages(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(got), len(texts))
	}
	for i, text := range texts {
		want, err := s.EmbedQuery(ctx, text)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got[i], want) {
			t.Fatalf("text %d (%q): passage vector differs from the text's own vector", i, text)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.EmbedPassages(cancelled, texts); err == nil {
		t.Error("EmbedPassages with a cancelled context: no error")
	}
}

// TestStaticLoadsGlossaryOnlyForJapanese: English-only text never builds
// the Japanese word embedder (its glossary costs tens of milliseconds a
// process); the first Japanese text does, and then Japanese words count.
func TestStaticLoadsGlossaryOnlyForJapanese(t *testing.T) {
	ctx := context.Background()
	s := NewStatic()
	if _, err := s.EmbedPassages(ctx, []string{"how the scheduler orders jobs", "retries and timeouts"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.EmbedQuery(ctx, "cache invalidation"); err != nil {
		t.Fatal(err)
	}
	if id := s.ModelID(); id == "static-unavailable" {
		t.Fatal("model did not load")
	}
	if s.ja != nil {
		t.Fatal("English-only text built the Japanese word embedder")
	}
	v, err := s.EmbedQuery(ctx, "検索アルゴリズム")
	if err != nil {
		t.Fatal(err)
	}
	if s.ja == nil {
		t.Fatal("Japanese text did not build the Japanese word embedder")
	}
	if v == nil {
		t.Error("Japanese text got no vector")
	}
}
