package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// Limits of the openai provider.
const (
	defaultBatchSize      = 64
	defaultTimeoutSeconds = 60
	// maxInputRunes truncates each text: embedding models read at most a
	// few thousand tokens (OpenAI 8192, many local models 512–8192) and a
	// section's opening carries its topic.
	maxInputRunes = 6000
	// maxBatchRunes starts a new request before a batch grows past this
	// many runes, whatever BatchSize says (servers cap tokens per request).
	maxBatchRunes = 200_000
	// maxResponseBytes bounds what is read of a response.
	maxResponseBytes = 256 << 20
	// Retries after the first attempt on 429, 5xx, timeouts and network
	// errors, waiting 1s, 2s, 4s, 8s (or the server's Retry-After, at most
	// maxRetryAfter).
	defaultRetries = 4
	defaultBackoff = time.Second
	maxRetryAfter  = 60 * time.Second
)

// OpenAI embeds with an OpenAI-compatible POST {base_url}/embeddings
// endpoint. It is safe for concurrent use.
type OpenAI struct {
	cfg      OpenAIConfig
	endpoint string
	client   *http.Client
	timeout  time.Duration
	retries  int
	backoff  time.Duration
	dims     atomic.Int64 // configured, or learned from the first response
	getenv   func(string) string
}

// NewOpenAI checks cfg and returns the provider. No request is made until
// the first Embed call. getenv reads the variable cfg.APIKeyEnv names, on
// each request; nil means no environment: no key is sent, and a server
// that wants one answers with an HTTPError saying the variable is unset.
func NewOpenAI(cfg OpenAIConfig, getenv func(string) string) (*OpenAI, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if cfg.BaseURL == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("embedding.openai.base_url must be an http(s) URL such as http://localhost:11434/v1 or https://api.openai.com/v1, not %q", cfg.BaseURL)
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("embedding.openai.model is empty: name the embedding model, such as text-embedding-3-small or bge-m3")
	}
	switch {
	case cfg.Dimensions < 0:
		return nil, fmt.Errorf("embedding.openai.dimensions is %d: use 0 (the model's own) or a positive length", cfg.Dimensions)
	case cfg.BatchSize < 0:
		return nil, fmt.Errorf("embedding.openai.batch_size is %d: use a positive number (default %d)", cfg.BatchSize, defaultBatchSize)
	case cfg.TimeoutSeconds < 0:
		return nil, fmt.Errorf("embedding.openai.timeout_seconds is %d: use a positive number (default %d)", cfg.TimeoutSeconds, defaultTimeoutSeconds)
	}
	if cfg.BatchSize == 0 {
		cfg.BatchSize = defaultBatchSize
	}
	if cfg.TimeoutSeconds == 0 {
		cfg.TimeoutSeconds = defaultTimeoutSeconds
	}
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	endpoint := strings.TrimRight(u.String(), "/")
	if !strings.HasSuffix(endpoint, "/embeddings") {
		endpoint += "/embeddings"
	}
	p := &OpenAI{
		cfg:      cfg,
		endpoint: endpoint,
		client:   &http.Client{},
		timeout:  time.Duration(cfg.TimeoutSeconds) * time.Second,
		retries:  defaultRetries,
		backoff:  defaultBackoff,
		getenv:   getenv,
	}
	p.dims.Store(int64(cfg.Dimensions))
	return p, nil
}

// ModelID implements Provider: "openai:" + model, plus "@dims" when
// dimensions are requested (the same model cut to another length gives
// other vectors).
func (p *OpenAI) ModelID() string {
	id := "openai:" + p.cfg.Model
	if p.cfg.Dimensions > 0 {
		id += fmt.Sprintf("@%d", p.cfg.Dimensions)
	}
	return id
}

// Dimensions implements Provider: the configured length, or the one seen
// in the first response, or 0 before it.
func (p *OpenAI) Dimensions() int { return int(p.dims.Load()) }

// Endpoint is the URL requests go to.
func (p *OpenAI) Endpoint() string { return p.endpoint }

// EmbedQuery implements Provider.
func (p *OpenAI) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	vecs, err := p.EmbedPassages(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	return vecs[0], nil
}

// EmbedPassages implements Provider. Empty texts get no vector and are not
// sent; long ones are cut to maxInputRunes.
func (p *OpenAI) EmbedPassages(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var (
		batch []string
		where []int
		runes int
	)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		vecs, err := p.embedBatch(ctx, batch)
		if err != nil {
			return err
		}
		for k, i := range where {
			out[i] = vecs[k]
		}
		batch, where, runes = batch[:0], where[:0], 0
		return nil
	}
	for i, t := range texts {
		t = truncateRunes(strings.TrimSpace(t), maxInputRunes)
		if t == "" {
			continue
		}
		n := utf8.RuneCountInString(t)
		if len(batch) == p.cfg.BatchSize || (len(batch) > 0 && runes+n > maxBatchRunes) {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		batch = append(batch, t)
		where = append(where, i)
		runes += n
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}

// truncateRunes cuts s to at most n runes.
func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for k := range s {
		if i == n {
			return s[:k]
		}
		i++
	}
	return s
}

// embedRequest and embedResponse are the OpenAI embeddings API bodies.
type embedRequest struct {
	Model          string   `json:"model"`
	Input          []string `json:"input"`
	EncodingFormat string   `json:"encoding_format"`
	Dimensions     int      `json:"dimensions,omitempty"`
}

type embedResponse struct {
	Data []struct {
		Index     *int      `json:"index"`
		Embedding []float64 `json:"embedding"`
	} `json:"data"`
}

// embedBatch sends one request (with retries) and returns one vector per
// input, in order.
func (p *OpenAI) embedBatch(ctx context.Context, inputs []string) ([][]float32, error) {
	body, err := json.Marshal(embedRequest{
		Model: p.cfg.Model, Input: inputs, EncodingFormat: "float", Dimensions: p.cfg.Dimensions,
	})
	if err != nil {
		return nil, fmt.Errorf("encode embeddings request: %w", err)
	}
	var lastErr error
	for attempt := 0; ; attempt++ {
		data, retryAfter, err := p.post(ctx, body)
		if err == nil {
			return p.decode(data, len(inputs))
		}
		lastErr = err
		if ctx.Err() != nil {
			return nil, fmt.Errorf("embed with %s: %w", p.endpoint, ctx.Err())
		}
		if !retryable(err) || attempt == p.retries {
			break
		}
		wait := p.backoff << attempt
		if retryAfter > 0 {
			wait = min(retryAfter, maxRetryAfter)
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, fmt.Errorf("embed with %s: %w (while waiting to retry after: %w)", p.endpoint, ctx.Err(), lastErr)
		case <-t.C:
		}
	}
	if retryable(lastErr) && p.retries > 0 {
		return nil, fmt.Errorf("%w (gave up after %d attempts)", lastErr, p.retries+1)
	}
	return nil, lastErr
}

// post makes one request. It returns the body of a 2xx answer, or an error
// and the server's Retry-After (0 when absent).
func (p *OpenAI) post(ctx context.Context, body []byte) ([]byte, time.Duration, error) {
	rctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(rctx, http.MethodPost, p.endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, 0, fmt.Errorf("embed with %s: %w", p.endpoint, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "ubp")
	if env := p.cfg.APIKeyEnv; env != "" {
		if key := p.getenv(env); key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
	}
	resp, err := p.client.Do(req)
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return nil, 0, &TimeoutError{URL: p.endpoint, After: p.timeout}
		}
		return nil, 0, &NetworkError{URL: p.endpoint, Err: err}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		if ctx.Err() == nil && rctx.Err() != nil {
			return nil, 0, &TimeoutError{URL: p.endpoint, After: p.timeout}
		}
		return nil, 0, &NetworkError{URL: p.endpoint, Err: fmt.Errorf("read response: %w", err)}
	}
	if resp.StatusCode/100 != 2 {
		e := &HTTPError{
			URL: p.endpoint, Status: resp.StatusCode, Message: serverMessage(data),
			Model: p.cfg.Model, APIKeyEnv: p.cfg.APIKeyEnv,
		}
		e.KeyMissing = p.cfg.APIKeyEnv != "" && p.getenv(p.cfg.APIKeyEnv) == ""
		return nil, retryAfter(resp.Header.Get("Retry-After")), e.withRemedy()
	}
	return data, 0, nil
}

// decode checks a response body and returns unit-length vectors in input
// order (nil for a zero vector).
func (p *OpenAI) decode(data []byte, n int) ([][]float32, error) {
	bad := func(format string, args ...any) error {
		return &ResponseError{URL: p.endpoint, Problem: fmt.Sprintf(format, args...)}
	}
	var r embedResponse
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, bad("the body is not the embeddings JSON (%v); is base_url an OpenAI-compatible API root ending in /v1?", err)
	}
	if len(r.Data) != n {
		return nil, bad("%d embeddings for %d inputs", len(r.Data), n)
	}
	out := make([][]float32, n)
	seen := make([]bool, n)
	want := p.Dimensions()
	for k, d := range r.Data {
		i := k
		if d.Index != nil {
			i = *d.Index
		}
		if i < 0 || i >= n || seen[i] {
			return nil, bad("embedding %d has index %d (inputs 0..%d, each once)", k, i, n-1)
		}
		seen[i] = true
		if len(d.Embedding) == 0 {
			return nil, bad("embedding %d is empty", i)
		}
		if want == 0 {
			// First vector seen: learn the model's length.
			p.dims.CompareAndSwap(0, int64(len(d.Embedding)))
			want = p.Dimensions()
		}
		if len(d.Embedding) != want {
			de := &DimensionError{URL: p.endpoint, Model: p.cfg.Model, Got: len(d.Embedding), Want: want, Configured: p.cfg.Dimensions > 0}
			return nil, de.withRemedy()
		}
		out[i] = unit(d.Embedding)
	}
	return out, nil
}

// unit converts v to float32 at unit length; nil for a zero vector.
func unit(v []float64) []float32 {
	var s float64
	for _, x := range v {
		s += x * x
	}
	if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
		return nil
	}
	inv := 1 / math.Sqrt(s)
	out := make([]float32, len(v))
	for i, x := range v {
		out[i] = float32(x * inv)
	}
	return out
}
