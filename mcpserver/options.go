package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode"

	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"
)

// EndpointPath is the Streamable HTTP endpoint.
const EndpointPath = sdkfront.EndpointPath

// DefaultHTTPAddr is where `ubp serve --http` listens when no address is
// given. The endpoint is http://DefaultHTTPAddr/mcp.
const DefaultHTTPAddr = "127.0.0.1:7000"

// Environment variables the ubp command reads into Options when the
// matching flag is not given (cmd/ubp/serve.go); the server names them in
// its messages but reads no environment itself.
const (
	EnvIncludeCategories = "UBP_TOOL_INCLUDE_CATEGORIES"
	EnvExcludeCategories = "UBP_TOOL_EXCLUDE_CATEGORIES"
	EnvHTTPToken         = "UBP_HTTP_TOKEN" //nolint:gosec // G101 false positive: the name of an environment variable, not a credential
)

// Options configure Serve.
type Options struct {
	// IncludeCategories narrows the tools to these categories (search,
	// pages, graph); nil means every category.
	IncludeCategories []string
	// ExcludeCategories removes the tools of these categories, after
	// IncludeCategories.
	ExcludeCategories []string
	// HTTPAddr serves Streamable HTTP on this address (endpoint /mcp)
	// instead of stdio. "" means stdio.
	HTTPAddr string
	// Token, when set, is required as `Authorization: Bearer TOKEN` on every
	// HTTP request. Binding to a non-loopback address requires one.
	Token string
	// TokenSource names where Token came from ("--token" when empty;
	// EnvHTTPToken when the command read it from there). A bad token is an
	// ArgumentError whose Param is it, less the dashes of a flag.
	TokenSource string
	// NoLock skips .ubp/serve.lock.
	NoLock bool
	// NoWatch disables live re-indexing while serving.
	NoWatch bool
	// LogFile, when set, also receives the server log (appended).
	LogFile string
	// Version is reported as serverInfo.version.
	Version string
	// Stderr receives the server log; nil means os.Stderr. stdout never
	// carries anything but JSON-RPC.
	Stderr io.Writer
	// Prepare, when set, brings the index up to date (the CLI's catch-up
	// run). Serve runs it once the server listens, so the handshake does
	// not wait for it; tool calls do, and the watcher starts after it. When
	// it fails, tool calls fail with its error and Serve returns it once
	// the session ends.
	Prepare func(ctx context.Context) error
}

// MinTokenLength is the shortest bearer token ubp accepts: shorter ones
// can be guessed (openssl rand -hex 16 gives 32 characters).
const MinTokenLength = 16

// checkToken refuses a token that is too short to mean something or holds
// whitespace; "" means no token. The error says what is wrong, not where
// the token came from: Serve names that as the parameter.
func checkToken(tok string) error {
	if tok == "" {
		return nil
	}
	if len(tok) < MinTokenLength || strings.TrimSpace(tok) == "" {
		return fmt.Errorf("a bearer token needs at least %d characters (got %d); generate one with: openssl rand -hex 16", MinTokenLength, len(tok))
	}
	if strings.IndexFunc(tok, unicode.IsSpace) >= 0 {
		return errors.New("a bearer token must not contain spaces; generate one with: openssl rand -hex 16")
	}
	return nil
}

// resolved returns o with defaults applied.
func (o Options) resolved() Options {
	if o.TokenSource == "" {
		o.TokenSource = "--token"
	}
	if o.Stderr == nil {
		o.Stderr = os.Stderr
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	return o
}
