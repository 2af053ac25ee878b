package mcpserver

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// TestServeOptionErrorsNameTheirParameter: a bad --http address or token
// is an ArgumentError that speaks of its parameter as every engine error
// does (Param http or token, or the environment variable the token came
// from; the message says what is wrong with the value), so the CLI names
// the flag once. The messages named the flag themselves ("--http
// \"0.0.0.0:0\": listens on ...", "--token: a bearer token ..."), which the
// CLI then prefixed again unless a string test on the message stopped it.
func TestServeOptionErrorsNameTheirParameter(t *testing.T) {
	e := taskflow(t)
	const token = "0123456789abcdef0123"
	for _, tt := range []struct {
		name                 string
		addr, token, source  string
		param, value, saying string
	}{
		{"every interface without a token", "0.0.0.0:0", "", "", "http", `"0.0.0.0:0"`, "without a bearer token"},
		{"not HOST:PORT", "localhost", "", "", "http", `"localhost"`, "not HOST:PORT"},
		{"cannot listen", "192.0.2.1:7", token, "", "http", `"192.0.2.1:7"`, "cannot listen on"},
		{"short --token", "127.0.0.1:0", "short", "", "token", "", "at least 16 characters"},
		{"token with spaces", "127.0.0.1:0", "abcd efgh ijkl mnop", "", "token", "", "must not contain spaces"},
		{"short token from the environment", "127.0.0.1:0", "short", EnvHTTPToken, EnvHTTPToken, "", "at least 16 characters"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			opts := quiet
			opts.Stderr = io.Discard
			opts.HTTPAddr, opts.Token, opts.TokenSource = tt.addr, tt.token, tt.source
			// Cancelled: an address wrongly accepted returns at once.
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			err := Serve(ctx, e, strings.NewReader(""), io.Discard, opts)
			var ae *engine.ArgumentError
			if !errors.As(err, &ae) {
				t.Fatalf("Serve: %v, want an ArgumentError", err)
			}
			if ae.Param != tt.param {
				t.Errorf("Param %q, want %q", ae.Param, tt.param)
			}
			if strings.Contains(ae.Message, "--http") || strings.Contains(ae.Message, "--token:") || strings.HasPrefix(ae.Message, EnvHTTPToken) {
				t.Errorf("message %q names the flag or variable itself; the caller names it", ae.Message)
			}
			if !strings.Contains(ae.Message, tt.value) || !strings.Contains(ae.Message, tt.saying) {
				t.Errorf("message %q, want it to name %s and say %q", ae.Message, tt.value, tt.saying)
			}
		})
	}
}
