package embed

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
)

// HTTPError is a non-2xx answer of an embeddings endpoint.
type HTTPError struct {
	URL     string
	Status  int
	Message string // the server's error message, if it sent one
	Model   string
	// APIKeyEnv is the configured key variable; KeyMissing says it was unset.
	APIKeyEnv  string
	KeyMissing bool
}

func (e *HTTPError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "embeddings endpoint %s answered HTTP %d %s", e.URL, e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		fmt.Fprintf(&b, ": %q", e.Message)
	}
	b.WriteString("; ")
	switch {
	case e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden:
		switch {
		case e.APIKeyEnv == "":
			b.WriteString("the server wants an API key: set embedding.openai.api_key_env to the name of the environment variable that holds it")
		case e.KeyMissing:
			fmt.Fprintf(&b, "the environment variable %s (embedding.openai.api_key_env) is not set: export the API key in it", e.APIKeyEnv)
		default:
			fmt.Fprintf(&b, "check the API key in the environment variable %s", e.APIKeyEnv)
		}
	case e.Status == http.StatusNotFound:
		fmt.Fprintf(&b, "check embedding.openai.base_url (the API root, usually ending in /v1) and that model %q exists on the server (Ollama: `ollama pull %s`)", e.Model, e.Model)
	case e.Status == http.StatusTooManyRequests:
		b.WriteString("rate limited: wait, or lower embedding.openai.batch_size")
	case e.Status >= 500:
		b.WriteString("the server failed: check its logs")
	default:
		fmt.Fprintf(&b, "check embedding.openai.model (%q) and dimensions against what the server supports", e.Model)
	}
	return b.String()
}

// withRemedy wraps e with the remedy its status calls for: running the
// index again once a busy or failing server recovers.
func (e *HTTPError) withRemedy() error {
	if e.Status == http.StatusTooManyRequests || e.Status >= 500 {
		return answer.WithRemedy(e, answer.RemedyIndexAgain)
	}
	return e
}

// NetworkError is a failure to reach the endpoint or read its answer.
type NetworkError struct {
	URL string
	Err error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("cannot reach embeddings endpoint %s: %v; is the server running and embedding.openai.base_url right?", e.URL, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }

// TimeoutError is a request that took longer than timeout_seconds.
type TimeoutError struct {
	URL   string
	After time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("embeddings endpoint %s did not answer within %v (embedding.openai.timeout_seconds); a local server may still be loading the model: try again or raise the timeout", e.URL, e.After)
}

// ResponseError is a 2xx answer that is not a valid embeddings response.
type ResponseError struct {
	URL     string
	Problem string
}

func (e *ResponseError) Error() string {
	return fmt.Sprintf("embeddings endpoint %s sent an unusable answer: %s", e.URL, e.Problem)
}

// DimensionError is a vector whose length is not the expected one.
type DimensionError struct {
	URL        string
	Model      string
	Got, Want  int
	Configured bool // Want comes from embedding.openai.dimensions
}

func (e *DimensionError) Error() string {
	if e.Configured {
		return fmt.Sprintf("embeddings endpoint %s returned %d-dimensional vectors for model %q but embedding.openai.dimensions is %d: set it to %d (or 0 to accept the model's own length)",
			e.URL, e.Got, e.Model, e.Want, e.Got)
	}
	return fmt.Sprintf("embeddings endpoint %s returned %d-dimensional vectors for model %q after %d-dimensional ones: the server's model changed",
		e.URL, e.Got, e.Model, e.Want)
}

// withRemedy wraps e with its remedy: a model that changed under a run
// needs the index run again.
func (e *DimensionError) withRemedy() error {
	if e.Configured {
		return e
	}
	return answer.WithRemedy(e, answer.RemedyIndexAgain)
}

// retryable reports whether a failed request may succeed if sent again.
func retryable(err error) bool {
	var he *HTTPError
	if errors.As(err, &he) {
		switch he.Status {
		case http.StatusRequestTimeout, http.StatusTooManyRequests,
			http.StatusInternalServerError, http.StatusBadGateway,
			http.StatusServiceUnavailable, http.StatusGatewayTimeout:
			return true
		}
		return false
	}
	var ne *NetworkError
	var te *TimeoutError
	return errors.As(err, &ne) || errors.As(err, &te)
}

// retryAfter parses a Retry-After header: seconds or an HTTP date; 0 when
// absent or unusable.
func retryAfter(h string) time.Duration {
	h = strings.TrimSpace(h)
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(h); err == nil {
		if s <= 0 {
			return 0
		}
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

// serverMessage extracts the error message of a response body: OpenAI's
// {"error": {"message": …}}, Ollama's {"error": "…"}, or the text itself,
// cut to 300 bytes.
func serverMessage(body []byte) string {
	var obj struct {
		Error json.RawMessage `json:"error"`
	}
	msg := ""
	if json.Unmarshal(body, &obj) == nil && len(obj.Error) > 0 {
		var s string
		var o struct {
			Message string `json:"message"`
		}
		switch {
		case json.Unmarshal(obj.Error, &s) == nil:
			msg = s
		case json.Unmarshal(obj.Error, &o) == nil && o.Message != "":
			msg = o.Message
		}
	}
	if msg == "" {
		msg = string(body)
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if len(msg) > 300 {
		msg = strings.ToValidUTF8(msg[:300], "") + "…"
	}
	return msg
}
