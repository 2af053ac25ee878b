package embed

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// fakeServer speaks the OpenAI embeddings API: POST /v1/embeddings with
// {"model", "input": [...], "encoding_format", "dimensions"?}, answering
// {"object":"list","data":[{"object":"embedding","index":i,"embedding":[...]}],
// "model", "usage"}. Vectors are a deterministic function of the text.
type fakeServer struct {
	*httptest.Server
	dims int

	mu       sync.Mutex
	requests []embedRequest
	auth     []string
	// before answering request n (0-based), step may write its own answer
	// and return true.
	step func(n int, w http.ResponseWriter, req embedRequest) bool
	// reverse sends data in reverse order (each item keeps its index).
	reverse bool
}

func newFakeServer(t *testing.T, dims int) *fakeServer {
	f := &fakeServer{dims: dims}
	f.Server = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.Close)
	return f
}

// baseURL is what a user puts in embedding.openai.base_url.
func (f *fakeServer) baseURL() string { return f.URL + "/v1" }

func fakeVector(text string, dims int) []float64 {
	h := fnv.New64a()
	h.Write([]byte(text))
	r := rand.New(rand.NewPCG(h.Sum64(), 1))
	v := make([]float64, dims)
	for i := range v {
		v[i] = 3 * r.NormFloat64() // not unit length: the client normalises
	}
	return v
}

func (f *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/embeddings" {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"error":{"message":"Invalid URL (`+r.Method+" "+r.URL.Path+`)","type":"invalid_request_error"}}`)
		return
	}
	var req embedRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"bad json"}}`)
		return
	}
	f.mu.Lock()
	n := len(f.requests)
	f.requests = append(f.requests, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	step := f.step
	f.mu.Unlock()
	if step != nil && step(n, w, req) {
		return
	}
	type item struct {
		Object    string    `json:"object"`
		Index     int       `json:"index"`
		Embedding []float64 `json:"embedding"`
	}
	data := make([]item, len(req.Input))
	for i, in := range req.Input {
		data[i] = item{Object: "embedding", Index: i, Embedding: fakeVector(in, f.dims)}
	}
	if f.reverse {
		for i, j := 0, len(data)-1; i < j; i, j = i+1, j-1 {
			data[i], data[j] = data[j], data[i]
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{
		"object": "list", "data": data, "model": req.Model,
		"usage": map[string]int{"prompt_tokens": 1, "total_tokens": 1},
	})
}

func (f *fakeServer) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

// newTestOpenAI returns a provider for f with fast retries.
func newTestOpenAI(t *testing.T, cfg OpenAIConfig) *OpenAI {
	t.Helper()
	if cfg.Model == "" {
		cfg.Model = "test-embed"
	}
	p, err := NewOpenAI(cfg, nil) // no environment: no API key
	if err != nil {
		t.Fatal(err)
	}
	p.backoff = time.Millisecond
	return p
}

func checkVector(t *testing.T, got []float32, text string, dims int) {
	t.Helper()
	want := unit(fakeVector(text, dims))
	if len(got) != dims {
		t.Fatalf("vector of %q has %d dims, want %d", text, len(got), dims)
	}
	for i := range want {
		if math.Abs(float64(got[i]-want[i])) > 1e-6 {
			t.Fatalf("vector of %q differs at %d: %v vs %v", text, i, got[i], want[i])
		}
	}
}

func TestOpenAIBatchingAndOrder(t *testing.T) {
	f := newFakeServer(t, 8)
	f.reverse = true
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL(), BatchSize: 64})
	texts := make([]string, 150)
	for i := range texts {
		texts[i] = fmt.Sprintf("section %d about hybrid search", i)
	}
	texts[10] = "   " // blank: not sent, no vector
	texts[70] = ""
	vecs, err := p.EmbedPassages(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("%d vectors for %d texts", len(vecs), len(texts))
	}
	for i, v := range vecs {
		if i == 10 || i == 70 {
			if v != nil {
				t.Errorf("blank text %d got a vector", i)
			}
			continue
		}
		checkVector(t, v, texts[i], 8)
		if n := dot(v, v); math.Abs(n-1) > 1e-5 {
			t.Errorf("vector %d not unit length: %v", i, n)
		}
	}
	var sizes []int
	for _, r := range f.requests {
		sizes = append(sizes, len(r.Input))
		if r.Model != "test-embed" || r.EncodingFormat != "float" || r.Dimensions != 0 {
			t.Errorf("request model %q format %q dims %d", r.Model, r.EncodingFormat, r.Dimensions)
		}
	}
	if fmt.Sprint(sizes) != "[64 64 20]" {
		t.Errorf("batch sizes %v, want [64 64 20]", sizes)
	}
	if p.Dimensions() != 8 {
		t.Errorf("Dimensions after first response %d, want 8 (learned)", p.Dimensions())
	}
	if p.ModelID() != "openai:test-embed" {
		t.Errorf("ModelID %q", p.ModelID())
	}
}

func TestOpenAIDefaultsAndLimits(t *testing.T) {
	f := newFakeServer(t, 4)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL() + "/", Dimensions: 4})
	if p.Endpoint() != f.URL+"/v1/embeddings" {
		t.Errorf("endpoint %q", p.Endpoint())
	}
	if p.ModelID() != "openai:test-embed@4" || p.Dimensions() != 4 {
		t.Errorf("ModelID %q dims %d", p.ModelID(), p.Dimensions())
	}
	long := strings.Repeat("検索", maxInputRunes) // 2× the limit in runes
	texts := make([]string, 100)
	for i := range texts {
		texts[i] = fmt.Sprint("t", i)
	}
	texts[0] = long
	if _, err := p.EmbedPassages(context.Background(), texts); err != nil {
		t.Fatal(err)
	}
	first := f.requests[0]
	if n := utf8.RuneCountInString(first.Input[0]); n != maxInputRunes {
		t.Errorf("long input sent with %d runes, want %d", n, maxInputRunes)
	}
	if first.Dimensions != 4 {
		t.Errorf("dimensions %d not sent", first.Dimensions)
	}
	if len(first.Input) != defaultBatchSize || len(f.requests) != 2 {
		t.Errorf("default batch: first request %d inputs, %d requests", len(first.Input), len(f.requests))
	}
	// A batch also ends before it passes maxBatchRunes.
	f.requests = nil
	big := strings.Repeat("x", maxInputRunes)
	many := make([]string, 40) // 40 × 6000 runes > 200,000
	for i := range many {
		many[i] = big + fmt.Sprint(i)
	}
	if _, err := p.EmbedPassages(context.Background(), many); err != nil {
		t.Fatal(err)
	}
	if len(f.requests) != 2 || len(f.requests[0].Input) != maxBatchRunes/maxInputRunes {
		t.Errorf("rune-bounded batches: %d requests, first with %d inputs", len(f.requests), len(f.requests[0].Input))
	}
	// An endpoint URL given whole is used as is.
	q := newTestOpenAI(t, OpenAIConfig{BaseURL: f.URL + "/v1/embeddings"})
	if q.Endpoint() != f.URL+"/v1/embeddings" {
		t.Errorf("endpoint %q", q.Endpoint())
	}
}

func TestOpenAIAuthHeader(t *testing.T) {
	f := newFakeServer(t, 4)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL(), APIKeyEnv: "UBP_TEST_KEY"})
	p.getenv = func(k string) string {
		if k == "UBP_TEST_KEY" {
			return "sk-secret"
		}
		return ""
	}
	if _, err := p.EmbedQuery(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	if f.auth[0] != "Bearer sk-secret" {
		t.Errorf("Authorization %q", f.auth[0])
	}
	// No key variable configured: no header.
	q := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	if _, err := q.EmbedQuery(context.Background(), "hello"); err != nil {
		t.Fatal(err)
	}
	if f.auth[1] != "" {
		t.Errorf("Authorization %q sent without a key", f.auth[1])
	}
}

// statusOnce answers the listed requests with the given status and body.
func statusOnce(codes map[int]int, body string, header http.Header) func(int, http.ResponseWriter, embedRequest) bool {
	return func(n int, w http.ResponseWriter, _ embedRequest) bool {
		code, ok := codes[n]
		if !ok {
			return false
		}
		for k, v := range header {
			w.Header()[k] = v
		}
		w.WriteHeader(code)
		io.WriteString(w, body)
		return true
	}
}

func TestOpenAIRetries(t *testing.T) {
	f := newFakeServer(t, 4)
	f.step = statusOnce(map[int]int{0: 429, 1: 500, 2: 502}, `{"error":{"message":"slow down"}}`, nil)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	v, err := p.EmbedQuery(context.Background(), "retry me")
	if err != nil {
		t.Fatal(err)
	}
	checkVector(t, v, "retry me", 4)
	if f.count() != 4 {
		t.Errorf("%d requests, want 4 (three failures, then success)", f.count())
	}
}

func TestOpenAIRetryAfterHeader(t *testing.T) {
	f := newFakeServer(t, 4)
	f.step = statusOnce(map[int]int{0: 429}, `{"error":"busy"}`, http.Header{"Retry-After": {"1"}})
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	start := time.Now()
	if _, err := p.EmbedQuery(context.Background(), "x"); err != nil {
		t.Fatal(err)
	}
	// The server asked for one second; the test backoff alone is 1ms.
	if d := time.Since(start); d < time.Second {
		t.Errorf("retried after %v, before the server's Retry-After of 1s", d)
	}
}

func TestOpenAIGivesUp(t *testing.T) {
	f := newFakeServer(t, 4)
	f.step = statusOnce(map[int]int{0: 503, 1: 503, 2: 503, 3: 503}, "upstream down", nil)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	p.retries = 2
	_, err := p.EmbedQuery(context.Background(), "x")
	var he *HTTPError
	if !errors.As(err, &he) || he.Status != 503 {
		t.Fatalf("error %v, want HTTPError 503", err)
	}
	for _, want := range []string{f.baseURL() + "/embeddings", "HTTP 503", "upstream down", "gave up after 3 attempts"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if f.count() != 3 {
		t.Errorf("%d requests, want 3", f.count())
	}
}

func TestOpenAIHTTPErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		keyEnv string
		key    string
		want   []string
	}{
		{"bad request", 400, `{"error":{"message":"input too long","type":"invalid_request_error"}}`, "", "",
			[]string{"HTTP 400", `"input too long"`, "check embedding.openai.model"}},
		{"unauthorized, key unset", 401, `{"error":{"message":"Incorrect API key"}}`, "UBP_TEST_KEY", "",
			[]string{"HTTP 401", "UBP_TEST_KEY", "is not set"}},
		{"unauthorized, key wrong", 401, `{"error":{"message":"Incorrect API key"}}`, "UBP_TEST_KEY", "sk-wrong",
			[]string{"HTTP 401", "check the API key in the environment variable UBP_TEST_KEY"}},
		{"unauthorized, no key configured", 403, `forbidden`, "", "",
			[]string{"HTTP 403", "set embedding.openai.api_key_env"}},
		{"model not found (ollama)", 404, `{"error":"model \"nomic\" not found, try pulling it first"}`, "", "",
			[]string{"HTTP 404", "try pulling it first", "ollama pull test-embed", "base_url"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeServer(t, 4)
			f.step = statusOnce(map[int]int{0: tc.status}, tc.body, nil)
			p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL(), APIKeyEnv: tc.keyEnv})
			p.getenv = func(string) string { return tc.key }
			_, err := p.EmbedQuery(context.Background(), "x")
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if tc.key != "" && strings.Contains(err.Error(), tc.key) {
				t.Errorf("error %q reveals the API key", err)
			}
			if f.count() != 1 {
				t.Errorf("%d requests for a non-retryable error, want 1", f.count())
			}
		})
	}
	// A wrong base URL reaches the server's 404 for another path.
	f := newFakeServer(t, 4)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.URL})
	if _, err := p.EmbedQuery(context.Background(), "x"); err == nil || !strings.Contains(err.Error(), "usually ending in /v1") {
		t.Errorf("wrong base_url error %v", err)
	}
}

func TestOpenAIDimensionMismatch(t *testing.T) {
	f := newFakeServer(t, 4)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL(), Dimensions: 8})
	_, err := p.EmbedQuery(context.Background(), "x")
	var de *DimensionError
	if !errors.As(err, &de) || de.Got != 4 || de.Want != 8 {
		t.Fatalf("error %v, want DimensionError 4 vs 8", err)
	}
	for _, w := range []string{f.baseURL(), "4-dimensional", "embedding.openai.dimensions is 8", "set it to 4"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q lacks %q", err, w)
		}
	}
	// Learned dims: a later answer of another length is an error too.
	q := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	if _, err := q.EmbedQuery(context.Background(), "x"); err != nil || q.Dimensions() != 4 {
		t.Fatalf("err %v dims %d", err, q.Dimensions())
	}
	f.dims = 6
	if _, err := q.EmbedQuery(context.Background(), "y"); !errors.As(err, &de) || !strings.Contains(err.Error(), "model changed") {
		t.Fatalf("error %v, want DimensionError for a changed model", err)
	}
}

func TestOpenAIBadResponses(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string
	}{
		{"not json", `<html>hello</html>`, "not the embeddings JSON"},
		{"too few", `{"data":[]}`, "0 embeddings for 2 inputs"},
		{"duplicate index", `{"data":[{"index":0,"embedding":[1,2]},{"index":0,"embedding":[1,2]}]}`, "index 0"},
		{"index out of range", `{"data":[{"index":0,"embedding":[1,2]},{"index":5,"embedding":[1,2]}]}`, "index 5"},
		{"empty vector", `{"data":[{"index":0,"embedding":[]},{"index":1,"embedding":[1,2]}]}`, "embedding 0 is empty"},
		{"ragged", `{"data":[{"index":0,"embedding":[1,2]},{"index":1,"embedding":[1,2,3]}]}`, "3-dimensional"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeServer(t, 2)
			f.step = statusOnce(map[int]int{0: 200}, tc.body, nil)
			p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
			_, err := p.EmbedPassages(context.Background(), []string{"a", "b"})
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), f.baseURL()) {
				t.Fatalf("error %v, want one naming the URL and %q", err, tc.want)
			}
		})
	}
	// A zero vector is "no vector", not an error; missing indexes mean
	// input order.
	f := newFakeServer(t, 2)
	f.step = statusOnce(map[int]int{0: 200}, `{"data":[{"embedding":[0,0]},{"embedding":[3,4]}]}`, nil)
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	vecs, err := p.EmbedPassages(context.Background(), []string{"a", "b"})
	if err != nil || vecs[0] != nil || math.Abs(float64(vecs[1][0])-0.6) > 1e-7 {
		t.Fatalf("vecs %v err %v", vecs, err)
	}
}

func TestOpenAITimeout(t *testing.T) {
	f := newFakeServer(t, 4)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	f.step = func(n int, w http.ResponseWriter, _ embedRequest) bool {
		if n < 2 {
			select { // hang until the client gives up
			case <-release:
			case <-time.After(5 * time.Second):
			}
			return true
		}
		return false
	}
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: f.baseURL()})
	p.timeout = 100 * time.Millisecond
	p.retries = 1
	_, err := p.EmbedQuery(context.Background(), "x")
	var te *TimeoutError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "timeout_seconds") || !strings.Contains(err.Error(), "gave up after 2 attempts") {
		t.Fatalf("error %v, want a TimeoutError after 2 attempts", err)
	}
	// With one more retry the third request succeeds.
	p.retries = 2
	f.mu.Lock()
	f.requests = nil
	f.mu.Unlock()
	if _, err := p.EmbedQuery(context.Background(), "x"); err != nil {
		t.Fatalf("third attempt: %v", err)
	}
}

func TestOpenAINetworkErrorAndCancel(t *testing.T) {
	f := newFakeServer(t, 4)
	url := f.baseURL()
	f.Close()
	p := newTestOpenAI(t, OpenAIConfig{BaseURL: url})
	p.retries = 2
	_, err := p.EmbedQuery(context.Background(), "x")
	var ne *NetworkError
	if !errors.As(err, &ne) || !strings.Contains(err.Error(), "cannot reach embeddings endpoint "+url) || !strings.Contains(err.Error(), "gave up after 3 attempts") {
		t.Fatalf("error %v, want NetworkError after 3 attempts", err)
	}
	// Cancelling while waiting to retry returns at once.
	p.backoff = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = p.EmbedQuery(ctx, "x")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("cancel took %v", d)
	}
}

func TestServerMessage(t *testing.T) {
	tests := []struct{ body, want string }{
		{`{"error":{"message":"You exceeded your quota","type":"insufficient_quota"}}`, "You exceeded your quota"},
		{`{"error":"model not found"}`, "model not found"},
		{"plain\ntext  body", "plain text body"},
		{`{"detail":"x"}`, `{"detail":"x"}`},
		{"", ""},
		{strings.Repeat("é", 400), strings.Repeat("é", 150) + "…"},
	}
	for i, tc := range tests {
		t.Run(fmt.Sprint("body ", i), func(t *testing.T) {
			if got := serverMessage([]byte(tc.body)); got != tc.want {
				t.Errorf("serverMessage(%.40q) = %.60q, want %.60q", tc.body, got, tc.want)
			}
		})
	}
}

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		h    string
		want time.Duration
	}{
		{"", 0}, {"3", 3 * time.Second}, {"0", 0}, {"-1", 0}, {"soon", 0},
		{time.Now().Add(-time.Hour).UTC().Format(http.TimeFormat), 0},
	}
	for _, tc := range tests {
		t.Run(tc.h, func(t *testing.T) {
			if got := retryAfter(tc.h); got != tc.want {
				t.Errorf("retryAfter(%q) = %v, want %v", tc.h, got, tc.want)
			}
		})
	}
	future := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	if got := retryAfter(future); got < 20*time.Second || got > 31*time.Second {
		t.Errorf("retryAfter(date in 30s) = %v", got)
	}
}
