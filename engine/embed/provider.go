// Package embed turns text into vectors for ubp's semantic search. A
// Provider embeds passages (sections, at index time) and queries (at search
// time); New picks one from the project configuration:
//
//   - "static" (the default): offline, pure Go, built into the binary. SIF
//     sentence vectors over int8 GloVe word vectors (packages wordvec and
//     static); Japanese words join the same space through their English
//     glosses in the built-in glossary (package jagloss). Text without a
//     word either knows (hiragana only) gets no vector, nor does a query
//     whose known words are all function words ("how do I"), and search
//     falls back to its other signals.
//   - "openai": any OpenAI-compatible /v1/embeddings endpoint (OpenAI,
//     Ollama, LM Studio, llama.cpp server), for multilingual models.
//   - "none": no vectors at all.
//
// For the static provider the engine also removes the corpus' common
// component (CommonComponent, RemoveComponent), the second half of SIF;
// WantsCommonComponent tells which providers want that.
package embed

import (
	"context"
	"fmt"
)

// Provider embeds text. Implementations are safe for concurrent use.
type Provider interface {
	// ModelID is a stable id of the model and its version, such as
	// "static-glove-100d-100k-int8-sif1-3858f2d3" or "openai:bge-m3".
	// Vectors with different ids are never compared.
	ModelID() string
	// Dimensions is the length of every vector; 0 when not yet known (an
	// openai provider configured without dimensions learns it from the
	// first response).
	Dimensions() int
	// EmbedPassages returns one unit-length vector per text; a nil entry
	// means the text has no vector (for example no known word).
	EmbedPassages(ctx context.Context, texts []string) ([][]float32, error)
	// EmbedQuery embeds a search query; nil means no vector.
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
}

// Config chooses and configures a provider. Its fields mirror the
// "embedding" object of .ubp/config.json.
type Config struct {
	// Provider is "static" (also when empty), "openai" or "none".
	Provider string       `json:"provider"`
	OpenAI   OpenAIConfig `json:"openai"`
}

// OpenAIConfig configures an OpenAI-compatible embeddings endpoint.
type OpenAIConfig struct {
	// BaseURL is the API root, such as https://api.openai.com/v1 or
	// http://localhost:11434/v1; requests go to BaseURL + "/embeddings".
	BaseURL string `json:"base_url"`
	Model   string `json:"model"`
	// Dimensions, when positive, is requested from the server and checked
	// against every vector it returns; 0 accepts the model's own length.
	Dimensions int `json:"dimensions"`
	// APIKeyEnv names the environment variable holding the API key (sent
	// as a Bearer token); "" sends none. The key itself is never stored.
	APIKeyEnv string `json:"api_key_env"`
	// BatchSize is how many texts go in one request (default 64).
	BatchSize int `json:"batch_size"`
	// TimeoutSeconds bounds each request (default 60).
	TimeoutSeconds int `json:"timeout_seconds"`
}

// New returns the provider cfg asks for, or nil (and no error) for
// "none". The static model is loaded on first use, not here. getenv reads
// the environment the API key of openai is in (nil: none; see NewOpenAI).
func New(cfg Config, getenv func(string) string) (Provider, error) {
	switch cfg.Provider {
	case "", "static":
		return NewStatic(), nil
	case "openai":
		return NewOpenAI(cfg.OpenAI, getenv)
	case "none":
		return nil, nil
	}
	return nil, fmt.Errorf("embedding.provider %q is unknown: use static, openai or none", cfg.Provider)
}

// WantsCommonComponent reports whether the engine should remove the
// corpus' common component from p's vectors (and from query vectors). It
// does for the static provider, where the component is mostly the
// direction every averaged sentence shares; contextual models do not need
// it.
func WantsCommonComponent(p Provider) bool {
	_, ok := p.(*Static)
	return ok
}
