package mcpserver

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// HTTP limits.
const (
	// EndpointPath is the Streamable HTTP endpoint.
	EndpointPath = "/mcp"
	// maxHTTPBody bounds a POST body; larger ones get 413.
	maxHTTPBody = 4 << 20
	// bodyReadTimeout bounds reading one POST body.
	bodyReadTimeout = 30 * time.Second
	// sessionIdleTimeout closes sessions that saw no request for this long.
	sessionIdleTimeout = 30 * time.Minute
)

const sessionIDHeader = "Mcp-Session-Id"

// httpFront is the http.Handler in front of the SDK's Streamable HTTP
// handler. It checks Host (DNS rebinding), Origin, the bearer token and the
// body size for every request, and runs the gate on POST bodies, so that
// HTTP answers bad input the way stdio does.
type httpFront struct {
	srv      *server
	sdk      http.Handler
	token    string
	bindHost string // host part of the listen address, lower case, no brackets
	log      *slog.Logger
}

func newHTTPFront(srv *server, bindHost, token string, sdkLog *slog.Logger) *httpFront {
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv.mcp }, &mcp.StreamableHTTPOptions{
		EventStore:          mcp.NewMemoryEventStore(nil),
		SessionTimeout:      sessionIdleTimeout,
		MaxRequestBodyBytes: maxHTTPBody,
		Logger:              sdkLog,
	})
	return &httpFront{srv: srv, sdk: sdk, token: token, bindHost: normalizeHost(bindHost), log: srv.log}
}

func (f *httpFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !f.hostAllowed(hostOnly(r.Host), r) {
		httpError(w, http.StatusForbidden, fmt.Sprintf("Forbidden: Host %q is not allowed (only localhost or the address ubp listens on)", r.Host))
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !f.originAllowed(origin, r) {
		httpError(w, http.StatusForbidden, fmt.Sprintf("Forbidden: Origin %q is not allowed (only local origins)", origin))
		return
	}
	if f.token != "" && !f.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="ubp"`)
		httpError(w, http.StatusUnauthorized, "Unauthorized: send Authorization: Bearer <token> (the --token or UBP_HTTP_TOKEN of the server)")
		return
	}
	if r.URL.Path != EndpointPath && r.URL.Path != EndpointPath+"/" {
		httpError(w, http.StatusNotFound, "Not Found: the MCP endpoint is "+EndpointPath)
		return
	}
	if r.Method != http.MethodPost {
		f.sdk.ServeHTTP(w, r) // GET (SSE stream), DELETE (end session), others 405
		return
	}
	f.servePOST(w, r)
}

// servePOST reads the body, runs the gate and either answers or forwards
// the request to the SDK with the body restored.
func (f *httpFront) servePOST(w http.ResponseWriter, r *http.Request) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(bodyReadTimeout))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxHTTPBody))
	_ = rc.SetReadDeadline(time.Time{})
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeReply(w, errorReply(nil, http.StatusRequestEntityTooLarge, codeInvalidRequest,
				"invalid request: body larger than %d bytes", maxHTTPBody))
			return
		}
		httpError(w, http.StatusBadRequest, "Bad Request: cannot read body: "+err.Error())
		return
	}
	if ct := r.Header.Get("Content-Type"); !strings.EqualFold(strings.TrimSpace(strings.Split(ct, ";")[0]), "application/json") {
		httpError(w, http.StatusUnsupportedMediaType, "Unsupported Media Type: Content-Type must be application/json")
		return
	}
	in, rep := parse(body)
	if rep != nil {
		writeReply(w, rep)
		return
	}
	if in == nil {
		writeReply(w, errorReply(nil, http.StatusBadRequest, codeInvalidRequest, "invalid request: empty body"))
		return
	}
	sid := r.Header.Get(sessionIDHeader)
	p := phaseNew
	switch {
	case sid != "":
		if !f.sessionLive(sid) {
			writeReply(w, errorReply(in.id, http.StatusNotFound, codeSessionNotFound,
				"session not found: %q has ended or never existed; start a new session with initialize", sid))
			return
		}
		p = phaseReady
	case !in.call || (in.method != "initialize" && in.method != "ping"):
		// Outside a session only initialize and ping are served.
		writeReply(w, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
			"Bad Request: %s header is required; send initialize first to start a session", sessionIDHeader))
		return
	}
	act, rep := f.srv.gate.route(in, p)
	switch act {
	case actReply:
		writeReply(w, rep)
	case actDrop:
		w.WriteHeader(http.StatusAccepted)
	default:
		if in.rewritten {
			if body, err = jsonrpc.EncodeMessage(in.msg); err != nil {
				writeReply(w, errorReply(in.id, http.StatusInternalServerError, codeInternalError, "internal error: re-encode request: %v", err))
				return
			}
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		f.sdk.ServeHTTP(w, r)
	}
}

// sessionLive reports whether sid names an open session.
func (f *httpFront) sessionLive(sid string) bool {
	for ss := range f.srv.mcp.Sessions() {
		if ss.ID() == sid {
			return true
		}
	}
	return false
}

// authorized checks the bearer token in constant time.
func (f *httpFront) authorized(r *http.Request) bool {
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(tok)), []byte(f.token)) == 1
}

// hostAllowed accepts loopback names and addresses, the host ubp was bound
// to, and — when bound to every interface — the address the request came
// in on. Anything else is a DNS name pointed at us (DNS rebinding).
func (f *httpFront) hostAllowed(host string, r *http.Request) bool {
	host = normalizeHost(host)
	if host == "" {
		return false
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	if f.bindHost != "" && !isUnspecified(f.bindHost) {
		return host == f.bindHost
	}
	if la, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && la != nil {
		if lh, _, err := net.SplitHostPort(la.String()); err == nil && normalizeHost(lh) == host {
			return true
		}
	}
	return false
}

// originAllowed accepts http(s) origins whose host passes hostAllowed.
func (f *httpFront) originAllowed(origin string, r *http.Request) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	return f.hostAllowed(u.Hostname(), r)
}

// hostOnly strips the port from a Host header value.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return hostport
}

func normalizeHost(h string) string {
	return strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
}

func isUnspecified(host string) bool {
	if host == "" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsUnspecified()
}

// isLoopbackHost reports whether binding to host keeps the server on this
// machine.
func isLoopbackHost(host string) bool {
	host = normalizeHost(host)
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// checkBind refuses to expose the server beyond this machine without a
// token.
func checkBind(addr, token string) (host string, err error) {
	host, _, err = net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("--http %s: want HOST:PORT, for example %s: %w", addr, DefaultHTTPAddr, err)
	}
	if !isLoopbackHost(host) && token == "" {
		where := host
		if where == "" {
			where = "every interface"
		}
		return "", fmt.Errorf("--http %s listens on %s, beyond this machine: set a bearer token with --token or %s (clients then send Authorization: Bearer <token>), or bind to 127.0.0.1", addr, where, EnvHTTPToken)
	}
	return host, nil
}

// writeReply sends a gate reply as an application/json HTTP response.
func writeReply(w http.ResponseWriter, r *reply) {
	status := r.HTTPStatus
	if status == 0 {
		status = http.StatusOK
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(r.encode())
}

// httpError sends a plain-text error.
func httpError(w http.ResponseWriter, status int, msg string) {
	http.Error(w, msg, status)
}

// serveHTTP listens on addr and serves until ctx ends, then closes every
// session and shuts the server down.
func (s *server) serveHTTP(ctx context.Context, addr, token string, sdkLog *slog.Logger) error {
	host, err := checkBind(addr, token)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http %s: %w", addr, err)
	}
	front := newHTTPFront(s, host, token, sdkLog)
	hs := &http.Server{
		Handler:           front,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	s.log.Info("serving MCP over Streamable HTTP", "url", "http://"+ln.Addr().String()+EndpointPath, "auth", token != "")
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("http server: %w", err)
	case <-ctx.Done():
	}
	for ss := range s.mcp.Sessions() {
		ss.Close() // ends hanging SSE streams so that Shutdown can finish
	}
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutCtx); err != nil {
		hs.Close()
	}
	return nil
}
