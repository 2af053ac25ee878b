package sdkfront

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// EndpointPath is the Streamable HTTP endpoint.
const EndpointPath = "/mcp"

// HTTPConfig configures the HTTP front.
type HTTPConfig struct {
	Server   *mcp.Server
	Gate     *Gate
	Token    string // required as a bearer token when set
	BindHost string // host part of the listen address
	Log      *slog.Logger
	SDKLog   *slog.Logger
	Limits   Limits
}

// maxHTTPBody bounds a POST body; larger ones get 413.
const maxHTTPBody = 4 << 20

// Limits bound what one client can hold: time on a connection and
// live sessions.
type Limits struct {
	ReadHeader  time.Duration // reading the request line and headers
	Body        time.Duration // reading one POST body
	Write       time.Duration // writing one answer to the client
	Idle        time.Duration // a kept-alive connection between requests
	SessionIdle time.Duration // a session that sees no request is closed
	MaxSessions int           // live sessions; the least recently used idle one is closed first
	// MaxPosts bounds the large POST requests (bodies over
	// smallPostBody, or of unknown length) read and served at once, over
	// every session: each holds its body and its decoding (tens of MB
	// for a 4 MiB body), and 150 at once took 4 GB. Others wait up to
	// Body for a turn, then get 503. Small ones (tool calls as clients
	// send them, cancellations) never wait.
	MaxPosts int
}

// DefaultLimits are the limits ubp serves with.
var DefaultLimits = Limits{
	ReadHeader:  10 * time.Second,
	Body:        30 * time.Second,
	Write:       30 * time.Second,
	Idle:        60 * time.Second,
	SessionIdle: 30 * time.Minute,
	MaxSessions: 256,
	MaxPosts:    8,
}

// SessionIDHeader carries the session id of Streamable HTTP.
const SessionIDHeader = "Mcp-Session-Id"

// httpFront is the http.Handler in front of the SDK's Streamable HTTP
// handler. It checks Host (DNS rebinding), Origin, the bearer token and the
// body size for every request, runs the gate on POST bodies so that HTTP
// answers bad input the way stdio does, tracks each session's handshake,
// caps live sessions, and sends every POST answer itself: as one JSON
// response (or one SSE event to a client that accepts only
// text/event-stream), without HTML escaping, and not at all for a request
// the client cancelled.
type httpFront struct {
	mcp      *mcp.Server
	gate     *Gate
	sdk      http.Handler
	token    string
	bindHost string // host part of the listen address, lower case, no brackets
	log      *slog.Logger
	limits   Limits

	mu       sync.Mutex
	sessions map[string]*httpSession
	evicted  atomic.Int64 // sessions closed to stay under MaxSessions

	posts chan struct{} // a slot per POST being served (Limits.MaxPosts); nil: no bound
}

// httpSession is the front's view of one SDK session.
type httpSession struct {
	hs        handshake
	lastUsed  time.Time
	active    int             // requests being served
	inFlight  map[string]bool // ids (as JSON text) of forwarded calls
	cancelled map[string]bool // ... that the client cancelled
}

// NewHTTPHandler is the http.Handler of ubp's Streamable HTTP endpoint:
// the front described at httpFront, in front of the SDK's handler.
func NewHTTPHandler(c HTTPConfig) http.Handler {
	return newHTTPFront(c.Server, c.Gate, c.BindHost, c.Token, c.Log, c.SDKLog, c.Limits)
}

func newHTTPFront(srv *mcp.Server, g *Gate, bindHost, token string, log, sdkLog *slog.Logger, limits Limits) *httpFront {
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{
		JSONResponse:        true, // one JSON answer per POST; the front re-frames it for SSE-only clients
		EventStore:          mcp.NewMemoryEventStore(nil),
		SessionTimeout:      limits.SessionIdle,
		MaxRequestBodyBytes: maxHTTPBody,
		Logger:              sdkLog,
		// The front checks Host itself (hostAllowed, as documented:
		// *.localhost and any case too), before the SDK sees a request;
		// the SDK's own check refused app.localhost and LOCALHOST.
		DisableLocalhostProtection: true,
	})
	f := &httpFront{mcp: srv, gate: g, sdk: sdk, token: token, bindHost: normalizeHost(bindHost), log: log,
		limits: limits, sessions: map[string]*httpSession{}}
	if limits.MaxPosts > 0 {
		f.posts = make(chan struct{}, limits.MaxPosts)
	}
	return f
}

// NewHTTPServer is the http.Server ubp listens with: every connection has
// header, body, write and idle time limits (the body and write limits are
// set per request by the front, so that the standalone SSE stream of GET
// is not cut).
func NewHTTPServer(h http.Handler, limits Limits, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: limits.ReadHeader,
		IdleTimeout:       limits.Idle,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

func (f *httpFront) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !f.hostAllowed(hostOnly(r.Host), r) {
		refuse(w, http.StatusForbidden, fmt.Sprintf("Forbidden: Host %q is not allowed (only localhost or the address ubp listens on)", r.Host))
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !f.originAllowed(origin, r) {
		refuse(w, http.StatusForbidden, fmt.Sprintf("Forbidden: Origin %q is not allowed (only local origins)", origin))
		return
	}
	if f.token != "" && !f.authorized(r) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="ubp"`)
		refuse(w, http.StatusUnauthorized, "Unauthorized: send Authorization: Bearer <token> (the --token or UBP_HTTP_TOKEN of the server)")
		return
	}
	if r.URL.Path != EndpointPath && r.URL.Path != EndpointPath+"/" {
		refuse(w, http.StatusNotFound, "Not Found: the MCP endpoint is "+EndpointPath)
		return
	}
	switch r.Method {
	case http.MethodPost:
		f.servePOST(w, r)
	case http.MethodDelete:
		sid := r.Header.Get(SessionIDHeader)
		f.sdk.ServeHTTP(w, r)
		f.forget(sid)
	default:
		// A GET holds the standalone SSE stream open as long as the
		// client likes: it marks the session used but not busy, so an
		// idle session with its stream open can still be closed for a new
		// one (256 clients that only held their streams locked out every
		// other client).
		f.seen(r.Header.Get(SessionIDHeader))
		f.sdk.ServeHTTP(w, r) // GET (SSE stream), others 405
	}
}

// servePOST reads the body, runs the gate and either answers or forwards
// the request to the SDK with the body restored.
// smallPostBody is the largest body a POST may have to be served without
// a turn (Limits.MaxPosts).
const smallPostBody = 64 << 10

func (f *httpFront) servePOST(w http.ResponseWriter, r *http.Request) {
	if f.posts != nil && (r.ContentLength < 0 || r.ContentLength > smallPostBody) {
		// A turn before the body is read: memory stays bounded however
		// many requests arrive at once.
		wait := time.NewTimer(f.limits.Body)
		select {
		case f.posts <- struct{}{}:
			wait.Stop()
			defer func() { <-f.posts }()
		case <-wait.C:
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Connection", "close")
			httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("server busy: %d requests are being served; retry", f.limits.MaxPosts))
			return
		case <-r.Context().Done():
			wait.Stop()
			return
		}
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(f.limits.Body))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxHTTPBody))
	if err != nil {
		// The rest of the body will not be read: close the connection
		// rather than let the server wait for it to reuse the connection
		// (the read deadline stays, so that wait would end anyway).
		w.Header().Set("Connection", "close")
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			writeReply(w, errorReply(nil, http.StatusRequestEntityTooLarge, codeInvalidRequest,
				"invalid request: body larger than %d bytes", maxHTTPBody))
			return
		}
		httpError(w, http.StatusBadRequest, "Bad Request: cannot read body: "+err.Error())
		return
	}
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Now().Add(f.limits.Write))
	if ct := r.Header.Get("Content-Type"); !strings.EqualFold(strings.TrimSpace(strings.Split(ct, ";")[0]), "application/json") {
		httpError(w, http.StatusUnsupportedMediaType, "Unsupported Media Type: Content-Type must be application/json")
		return
	}
	jsonOK, sseOK := accepts(r.Header.Values("Accept"))
	if !jsonOK && !sseOK {
		httpError(w, http.StatusNotAcceptable, "Not Acceptable: Accept must include application/json or text/event-stream")
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
	sid := r.Header.Get(SessionIDHeader)
	var hs handshake
	var sess *httpSession
	switch {
	case sid != "":
		if sess = f.touch(sid); sess == nil {
			writeReply(w, errorReply(in.id, http.StatusNotFound, codeSessionNotFound,
				"session not found: %q has ended or never existed; start a new session with initialize", sid))
			return
		}
		defer f.release(sess)
		f.mu.Lock()
		hs = sess.hs
		f.mu.Unlock()
	case !in.call || (in.method != "initialize" && in.method != "ping"):
		// Outside a session only initialize and ping are served.
		writeReply(w, errorReply(in.id, http.StatusBadRequest, codeInvalidRequest,
			"Bad Request: %s header is required; send initialize first to start a session", SessionIDHeader))
		return
	}
	act, rep := f.gate.route(in, hs)
	switch act {
	case actReply:
		writeReply(w, rep)
		return
	case actDrop:
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if in.method == "initialize" && !f.makeRoom() {
		writeReply(w, errorReply(in.id, http.StatusServiceUnavailable, codeInvalidRequest,
			"server busy: %d sessions are serving requests; retry later", f.limits.MaxSessions))
		return
	}
	if in.rewritten {
		if body, err = jsonrpc.EncodeMessage(in.msg); err != nil {
			writeReply(w, errorReply(in.id, http.StatusInternalServerError, codeInternalError, "internal error: re-encode request: %v", err))
			return
		}
	}
	idText := normID(in.id)
	if sess != nil {
		f.mu.Lock()
		sess.hs.forwarded(in.method)
		if in.call {
			sess.inFlight[idText] = true
		}
		if id, ok := cancelledRaw(in); ok && sess.inFlight[id] {
			sess.cancelled[id] = true
		}
		f.mu.Unlock()
	}
	fwd := r.Clone(r.Context())
	fwd.Body = io.NopCloser(bytes.NewReader(body))
	fwd.ContentLength = int64(len(body))
	fwd.Header.Set("Accept", "application/json, text/event-stream") // both accepted above, in effect
	cw := &captureWriter{header: http.Header{}}
	f.sdk.ServeHTTP(cw, fwd)
	// The write limit counts from when the answer is ready, not from when
	// the request came: a slow tool call is not a slow reader.
	_ = rc.SetWriteDeadline(time.Now().Add(f.limits.Write))

	cancelled := false
	if sess != nil && in.call {
		f.mu.Lock()
		cancelled = sess.cancelled[idText]
		delete(sess.cancelled, idText)
		delete(sess.inFlight, idText)
		f.mu.Unlock()
	}
	if in.method == "initialize" {
		f.started(cw)
	}
	if cancelled {
		// MCP cancellation: the request gets no response.
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if in.call && cw.buf.Len() == 0 && (cw.status == 0 || cw.status == http.StatusOK) {
		// The session ended under the request (the server stopping
		// closes every session): the SDK had nothing to send, which went
		// out as an empty 200 that no client reads as an answer.
		w.Header().Set("Connection", "close")
		writeReply(w, errorReply(in.id, http.StatusServiceUnavailable, codeInternalError,
			"the server is shutting down (or the session was closed) before %s was answered; retry once it runs again", in.method))
		return
	}
	f.writeCaptured(w, cw, jsonOK)
}

// writeCaptured sends the SDK's answer to the client: its headers, the
// JSON without HTML escaping, as application/json or, to a client that
// accepts only text/event-stream, as one SSE event.
func (f *httpFront) writeCaptured(w http.ResponseWriter, cw *captureWriter, jsonOK bool) {
	for k, v := range cw.header {
		w.Header()[k] = v
	}
	status := cw.status
	if status == 0 {
		status = http.StatusOK
	}
	data := cw.buf.Bytes()
	if strings.HasPrefix(cw.header.Get("Content-Type"), "application/json") {
		data = unescapeHTML(data)
		if !jsonOK && status == http.StatusOK {
			w.Header().Set("Content-Type", "text/event-stream")
			data = append(append([]byte("event: message\ndata: "), data...), "\n\n"...)
		}
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(data)))
	w.WriteHeader(status)
	_, _ = w.Write(data)
}

// captureWriter holds the SDK's answer to one POST so that the front can
// send it (or, for a cancelled request, not).
type captureWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func (c *captureWriter) Header() http.Header { return c.header }
func (c *captureWriter) WriteHeader(status int) {
	if c.status == 0 {
		c.status = status
	}
}
func (c *captureWriter) Write(p []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	if c.buf.Len()+len(p) > maxHTTPAnswer {
		return 0, errAnswerTooLarge
	}
	return c.buf.Write(p)
}
func (c *captureWriter) Flush() {}

// maxHTTPAnswer bounds one answer held for sending; tool answers are far
// smaller (max_size is at most 1,000,000 bytes).
const maxHTTPAnswer = 64 << 20

var errAnswerTooLarge = errors.New("answer larger than 64 MiB")

// accepts reads the Accept header: no header accepts both; */* both.
func accepts(values []string) (jsonOK, sseOK bool) {
	if len(values) == 0 {
		return true, true
	}
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, _, _ := strings.Cut(strings.TrimSpace(part), ";")
			switch strings.ToLower(strings.TrimSpace(mt)) {
			case "application/json", "application/*":
				jsonOK = true
			case "text/event-stream", "text/*":
				sseOK = true
			case "*/*":
				jsonOK, sseOK = true, true
			}
		}
	}
	return jsonOK, sseOK
}

// cancelledRaw returns the requestId of a notifications/cancelled as JSON
// text, comparable with a request's raw id.
func cancelledRaw(in *inbound) (string, bool) {
	if in.method != "notifications/cancelled" || in.call {
		return "", false
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(in.params, &p) != nil || len(p.RequestID) == 0 {
		return "", false
	}
	return normID(p.RequestID), true
}

// normID writes a JSON-RPC id in one form, so that 7, 7.0 and " 7" name
// the same request.
func normID(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	norm, err := json.Marshal(v)
	if err != nil {
		return string(raw)
	}
	return string(norm)
}

// touch marks the session sid in use and returns it; nil when the front
// or the SDK does not know it (ended, evicted or never started).
func (f *httpFront) touch(sid string) *httpSession {
	if sid == "" {
		return nil
	}
	f.mu.Lock()
	sess := f.sessions[sid]
	if sess != nil {
		sess.active++
		sess.lastUsed = time.Now()
	}
	f.mu.Unlock()
	if sess == nil {
		return nil
	}
	if !f.sessionLive(sid) { // closed by the SDK (idle timeout)
		f.forget(sid)
		return nil
	}
	return sess
}

// seen marks session sid used now, without counting a request in it.
func (f *httpFront) seen(sid string) {
	f.mu.Lock()
	if sess := f.sessions[sid]; sess != nil {
		sess.lastUsed = time.Now()
	}
	f.mu.Unlock()
}

func (f *httpFront) release(sess *httpSession) {
	f.mu.Lock()
	sess.active--
	sess.lastUsed = time.Now()
	f.mu.Unlock()
}

func (f *httpFront) forget(sid string) {
	f.mu.Lock()
	delete(f.sessions, sid)
	f.mu.Unlock()
}

// started records the session an initialize answer opened.
func (f *httpFront) started(cw *captureWriter) {
	sid := cw.header.Get(SessionIDHeader)
	if sid == "" || cw.status != http.StatusOK {
		return
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
	}
	ok := json.Unmarshal(cw.buf.Bytes(), &resp) == nil && len(resp.Result) > 0
	sess := &httpSession{lastUsed: time.Now(), inFlight: map[string]bool{}, cancelled: map[string]bool{}}
	sess.hs.forwarded("initialize")
	sess.hs.answered(ok)
	if !ok {
		return
	}
	f.mu.Lock()
	f.sessions[sid] = sess
	f.mu.Unlock()
}

// makeRoom makes sure a new session fits under MaxSessions, closing the
// least recently used idle session when needed; false when every session
// is serving a request.
func (f *httpFront) makeRoom() bool {
	f.mu.Lock()
	n := len(f.sessions)
	f.mu.Unlock()
	if n < f.limits.MaxSessions {
		return true
	}
	live := map[string]*mcp.ServerSession{}
	for ss := range f.mcp.Sessions() {
		live[ss.ID()] = ss
	}
	f.mu.Lock()
	for sid := range f.sessions {
		if live[sid] == nil {
			delete(f.sessions, sid) // ended without DELETE (idle timeout)
		}
	}
	var victim string
	var oldest time.Time
	for sid, s := range f.sessions {
		if s.active == 0 && (victim == "" || s.lastUsed.Before(oldest)) {
			victim, oldest = sid, s.lastUsed
		}
	}
	room := len(f.sessions) < f.limits.MaxSessions
	if !room && victim != "" {
		delete(f.sessions, victim)
		room = true
	}
	f.mu.Unlock()
	if ss := live[victim]; ss != nil && victim != "" && room {
		// Logged once, then every 1000th time: a client opening sessions
		// in a loop must not fill the log either.
		if n := f.evicted.Add(1); n == 1 || n%1000 == 0 {
			f.log.Info("closing the least recently used session to stay under the session limit",
				"idle", time.Since(oldest).Round(time.Second), "max_sessions", f.limits.MaxSessions, "closed_so_far", n)
		}
		ss.Close()
	}
	return room
}

// sessionLive reports whether sid names an open session.
func (f *httpFront) sessionLive(sid string) bool {
	for ss := range f.mcp.Sessions() {
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

// CheckBind refuses to expose the server beyond this machine without a
// token. Its errors speak of the address as an engine error speaks of its
// parameter, by value: the caller names the flag (--http) once.
func CheckBind(addr, token, defaultAddr, tokenEnv string) (host string, err error) {
	host, _, err = net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("%q is not HOST:PORT (%w): give one, for example %s", addr, err, defaultAddr)
	}
	if !isLoopbackHost(host) && token == "" {
		where := host
		if isUnspecified(host) {
			where = "every interface"
		}
		return "", fmt.Errorf("%q listens on %s, beyond this machine, without a bearer token: set one with --token or %s (clients then send Authorization: Bearer <token>), or bind to 127.0.0.1", addr, where, tokenEnv)
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
	_, _ = w.Write(r.encode()) //nolint:gosec // G705 false positive: a JSON-RPC body sent as application/json
}

// httpError sends a plain-text error.
func httpError(w http.ResponseWriter, status int, msg string) {
	http.Error(w, msg, status)
}

// refuse answers a request the front will not serve (wrong Host, Origin,
// token or path) at once and closes its connection: nothing more is read
// from it. net/http reads what is left of an unread body before it
// answers, with no deadline set before servePOST's, so a refused request
// whose body never came (Content-Length 1000, 11 bytes sent) held its
// connection forever, past the token that guards a server on every
// interface.
func refuse(w http.ResponseWriter, status int, msg string) {
	_ = http.NewResponseController(w).SetReadDeadline(time.Now())
	w.Header().Set("Connection", "close")
	httpError(w, status, msg)
}
