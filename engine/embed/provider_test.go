package embed

import (
	"context"
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"
)

func TestNew(t *testing.T) {
	tests := []struct {
		name    string
		cfg     Config
		want    string // provider type, "" for nil
		wantErr string
	}{
		{"default is static", Config{}, "static", ""},
		{"static", Config{Provider: "static"}, "static", ""},
		{"none", Config{Provider: "none"}, "", ""},
		{"openai", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "http://localhost:11434/v1", Model: "bge-m3"}}, "openai", ""},
		{"unknown", Config{Provider: "word2vec"}, "", `embedding.provider "word2vec" is unknown`},
		{"openai without model", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "http://x/v1"}}, "", "embedding.openai.model is empty"},
		{"openai bad url", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "localhost:11434", Model: "m"}}, "", "embedding.openai.base_url"},
		{"openai ftp url", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "ftp://x/v1", Model: "m"}}, "", "embedding.openai.base_url"},
		{"openai negative dims", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "http://x/v1", Model: "m", Dimensions: -1}}, "", "embedding.openai.dimensions"},
		{"openai negative batch", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "http://x/v1", Model: "m", BatchSize: -1}}, "", "embedding.openai.batch_size"},
		{"openai negative timeout", Config{Provider: "openai", OpenAI: OpenAIConfig{BaseURL: "http://x/v1", Model: "m", TimeoutSeconds: -1}}, "", "embedding.openai.timeout_seconds"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := New(tc.cfg, nil)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch tc.want {
			case "":
				if p != nil {
					t.Fatalf("got %T, want nil", p)
				}
			case "static":
				if _, ok := p.(*Static); !ok || !WantsCommonComponent(p) {
					t.Fatalf("got %T, want *Static wanting the common component", p)
				}
			case "openai":
				if _, ok := p.(*OpenAI); !ok || WantsCommonComponent(p) {
					t.Fatalf("got %T, want *OpenAI without common component", p)
				}
			}
		})
	}
}

func TestStaticProvider(t *testing.T) {
	p := NewStatic()
	if !strings.HasPrefix(p.ModelID(), "static-glove-100d-") || p.Dimensions() != 100 {
		t.Fatalf("ModelID %q dims %d", p.ModelID(), p.Dimensions())
	}
	ctx := context.Background()
	if !regexp.MustCompile(`^static-glove-100d-100k-int8-sif1-[0-9a-f]{8}-ja3-[0-9a-f]{8}$`).MatchString(p.ModelID()) {
		t.Errorf("ModelID %q: want the word model's and the glossary's fingerprints", p.ModelID())
	}
	// English and Japanese (through the glossary) have vectors; hiragana
	// only and empty text have none.
	vecs, err := p.EmbedPassages(ctx, []string{"hybrid search over a graph", "検索エンジン", "", "これはひらがなだけ"})
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != 4 || vecs[0] == nil || vecs[1] == nil || vecs[2] != nil || vecs[3] != nil {
		t.Fatalf("got %d vectors; want vector, vector, nil, nil", len(vecs))
	}
	if c := dot(vecs[1], vecs[0]); c < 0.3 {
		t.Errorf("cosine(検索エンジン, hybrid search over a graph) = %.2f, want them related", c)
	}
	if n := dot(vecs[0], vecs[0]); math.Abs(n-1) > 1e-5 {
		t.Errorf("|v|² = %v", n)
	}
	q, err := p.EmbedQuery(ctx, "hybrid search over a graph")
	if err != nil || dot(q, vecs[0]) < 0.999999 {
		t.Errorf("EmbedQuery differs from EmbedPassages for the same text (err %v)", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := p.EmbedPassages(cancelled, []string{"a"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled EmbedPassages error %v", err)
	}
	if _, err := p.EmbedQuery(cancelled, "a"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled EmbedQuery error %v", err)
	}
}

// A query whose every word the model knows is a function word has no
// vector (it carried no meaning and found every page as similar); one
// content word, English or Japanese, gives it one.
func TestStaticQueryOfFunctionWordsOnly(t *testing.T) {
	p := NewStatic()
	tests := []struct {
		query string
		want  bool // a vector
	}{
		{"how do I", false},
		{"How do I zzzqqq", false},
		{"what is it?", false},
		{"the", false},
		{"how do I clear the cache", true},
		{"cache", true},
		{"how do I 検索", true},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			v, err := p.EmbedQuery(context.Background(), tt.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := v != nil; got != tt.want {
				t.Errorf("EmbedQuery(%q): vector %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}
