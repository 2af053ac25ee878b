package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/advice"
	"github.com/ubp-dev/ubp/internal/lockedio"
	"github.com/ubp-dev/ubp/internal/plural"
	"github.com/ubp-dev/ubp/mcpserver/internal/sdkfront"
)

// Serve serves e over MCP until the client ends the session (stdin closes),
// ctx ends (the CLI passes a context cancelled by SIGINT/SIGTERM) or, over
// HTTP, ctx ends. Both endings are clean and return nil.
//
// Before serving it checks the options (an unknown tool category or a
// non-loopback --http address without a token is an error), takes
// .ubp/serve.lock (unless NoLock; a second server on the same project fails
// at once, naming the PID that holds it) and starts re-indexing changed
// files in the background (unless NoWatch), so that initialize is answered
// at once. stdout carries only JSON-RPC; logs go to Stderr and LogFile.
func Serve(ctx context.Context, e Engine, stdin io.Reader, stdout io.Writer, opts Options) error {
	opts = opts.resolved()
	// Options the server cannot start with are bad usage (exit 2 from
	// the CLI), as a bad flag value is, not a failure of the server.
	names, err := SelectTools(opts.IncludeCategories, opts.ExcludeCategories)
	if err != nil {
		return &engine.ArgumentError{Param: "categories", Message: err.Error()}
	}
	if opts.HTTPAddr != "" {
		if err := checkToken(opts.Token); err != nil {
			// The parameter is where the token came from: the flag
			// (token, which the CLI names --token) or the environment
			// variable the command read it from.
			return &engine.ArgumentError{Param: strings.TrimPrefix(opts.TokenSource, "--"), Message: err.Error()}
		}
		if _, err := sdkfront.CheckBind(opts.HTTPAddr, opts.Token, DefaultHTTPAddr, EnvHTTPToken); err != nil {
			return &engine.ArgumentError{Param: "http", Message: err.Error()}
		}
	}
	log, sdkLog, closeLog, err := newLoggers(opts)
	if err != nil {
		return err
	}
	defer closeLog()

	if !opts.NoLock {
		lock, err := acquireServeLock(e.Project().DataDir())
		if err != nil {
			return err
		}
		defer func() {
			if err := lock.release(); err != nil {
				log.Warn("releasing the serve lock failed", "error", err)
			}
		}()
	}

	ready := newReadiness()
	srv, err := newServer(e, names, opts.Version, ready, log, sdkLog)
	if err != nil {
		return err
	}
	// Stopped (SIGINT, SIGTERM): the requests being handled end at once,
	// answered with an error saying so, before the sessions are closed.
	defer context.AfterFunc(ctx, srv.stopCalls)()

	// The preparation runs under the caller's context, not the session's:
	// a session that ends early (stdin closed at once) still leaves the
	// index up to date, as Serve waits for it; an interrupt stops it.
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait() // the engine must be idle when the caller closes it
	}()
	// prepareUntilReady runs the preparation until it succeeds (nil) or
	// ctx ends (its error).
	prepareUntilReady := func() error {
		for {
			err := prepare(parent, opts.Prepare)
			// A failure fails the tool calls waiting, which the agent
			// sees; the next call asks for another attempt. Serve
			// returns the last failure when the session ends.
			ready.finish(err)
			if err == nil {
				return nil
			}
			if parent.Err() == nil {
				log.Error("the index could not be brought up to date; the next tool call tries again", "error", err)
			} else {
				log.Warn("stopped while bringing the index up to date: the index keeps what was written, and the next run completes it")
			}
			select {
			case <-ready.again:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		if opts.NoWatch {
			_ = prepareUntilReady()
			return
		}
		// The watches are placed first and the preparation is the
		// watcher's catch-up: what changes during or after it reaches the
		// watcher as events, so the watcher does not check every file
		// again while the first tool calls are answered.
		if watch(ctx, e, log, func(context.Context) error { return prepareUntilReady() }) {
			return
		}
		// The docs folder could not be watched (away at start-up): as
		// before, prepare first, then watch with the watcher's own
		// catch-up.
		if prepareUntilReady() == nil && ctx.Err() == nil {
			watch(ctx, e, log, nil)
		}
	}()

	if opts.HTTPAddr != "" {
		err = srv.serveHTTP(ctx, opts.HTTPAddr, opts.Token, sdkLog)
	} else {
		log.Info("serving MCP over stdio", "project", e.Project().Root, "tools", strings.Join(names, ","))
		err = srv.serveStdio(ctx, stdin, stdout)
	}
	cancel()
	wg.Wait()
	// A failed preparation failed the session's tool calls: say why. Not
	// when the caller stopped the server (SIGINT, SIGTERM): a catch-up
	// stopped midway fails with whatever the stop broke on its way out,
	// context.Canceled or not, and the stop itself is a clean end.
	if err := ready.lastErr(); err != nil && !errors.Is(err, context.Canceled) && parent.Err() == nil {
		return err
	}
	return err
}

// prepare runs fn, when set, with ctx.
func prepare(ctx context.Context, fn func(context.Context) error) error {
	if fn == nil {
		return nil
	}
	return fn(ctx)
}

// serveStdio runs one session over stdin/stdout.
func (s *server) serveStdio(ctx context.Context, stdin io.Reader, stdout io.Writer) error {
	ss, err := s.mcp.Connect(ctx, sdkfront.NewStdioTransport(s.gate, stdin, stdout, s.log), nil)
	if err != nil {
		return fmt.Errorf("start MCP session: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- ss.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("MCP session: %w", err)
		}
		return nil
	case <-ctx.Done():
		_ = ss.Close() // shutting down on request: nothing to report
		<-done         //nolint:errcheck // the session ended because it was closed
		return nil
	}
}

// listenError is the error for an address --http cannot listen on: the
// value, why (the system's words), and what to give, as bad usage (an
// ArgumentError of parameter http, which the CLI names --http), as the
// other bad values of --http are. It read "--http ADDR: listen tcp ...",
// with no word of what to do.
func listenError(addr string, err error) error {
	var why string
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		why = oe.Err.Error()
	} else {
		why = err.Error()
	}
	todo := "give an address of this machine, for example " + DefaultHTTPAddr + " (0.0.0.0 for every interface)"
	if errors.Is(err, syscall.EADDRINUSE) {
		todo = "another program listens there: stop it, or give another port (0 picks a free one)"
	}
	return &engine.ArgumentError{Param: "http", Message: fmt.Sprintf("cannot listen on %q (%s): %s", addr, why, todo)}
}

// serveHTTP listens on addr and serves until ctx ends, then closes every
// session and shuts the server down.
func (s *server) serveHTTP(ctx context.Context, addr, token string, sdkLog *slog.Logger) error {
	host, err := sdkfront.CheckBind(addr, token, DefaultHTTPAddr, EnvHTTPToken)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return listenError(addr, err)
	}
	limits := sdkfront.DefaultLimits
	h := sdkfront.NewHTTPHandler(sdkfront.HTTPConfig{Server: s.mcp, Gate: s.gate, Token: token, BindHost: host,
		Log: s.log, SDKLog: sdkLog, Limits: limits})
	hs := sdkfront.NewHTTPServer(h, limits, s.log)
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

// watch keeps the index in step with the docs folder while serving, after
// catchUp (nil: the watcher's own run of the whole folder) brought it up
// to date once the watches were in place. The tools do not change when
// documents do, so no list_changed notification is sent; the next tool
// call simply sees the new index. It reports false when the watcher
// stopped before catchUp ran (the docs folder could not be watched), so
// the caller still has to prepare.
func watch(ctx context.Context, e Engine, log *slog.Logger, catchUp func(context.Context) error) bool {
	caughtUp := catchUp == nil
	var first func(context.Context) error
	if catchUp != nil {
		first = func(ctx context.Context) error {
			caughtUp = true
			return catchUp(ctx)
		}
	}
	err := e.WatchCaughtUpBy(ctx, first, func(rep engine.IndexReport, err error) {
		if err != nil {
			log.Warn("re-indexing failed", "error", advice.Message(err))
			return
		}
		if rep.Added+rep.Updated+rep.Deleted+rep.Renamed == 0 && len(rep.Warnings) == 0 {
			return // a warning alone is news too: a file left out changes no page
		}
		log.Info("re-indexed", "added", rep.Added, "updated", rep.Updated, "deleted", rep.Deleted,
			"renamed", rep.Renamed, "warnings", len(rep.Warnings))
		logWarnings(log, rep.Warnings)
	})
	switch {
	case !caughtUp:
		if ctx.Err() == nil {
			log.Warn("watching files failed; trying again once the index is up to date", "error", advice.Message(err))
		}
		return false
	case err != nil && ctx.Err() == nil:
		log.Error("watching files stopped; restart ubp serve to resume live re-indexing", "error", advice.Message(err))
	}
	return true
}

// logWarnings logs the warnings of a re-index, one a line named as `ubp
// index` names them (file:line: message), at most engine.MaxWarningsList,
// then how many more; the "re-indexed" line gave only their number.
func logWarnings(log *slog.Logger, warns []index.Warning) {
	shown := min(len(warns), engine.MaxWarningsList)
	for _, w := range warns[:shown] {
		log.Warn("re-index warning", "warning", w.String())
	}
	if rest := len(warns) - shown; rest > 0 {
		log.Warn(fmt.Sprintf("and %d more re-index %s", rest, plural.Noun(rest, "warning", "warnings")))
	}
}

// newLoggers returns ubp's logger (info and up) and the SDK's (warnings and
// up), both writing to Stderr and, when set, LogFile.
func newLoggers(opts Options) (log, sdkLog *slog.Logger, closeFn func(), err error) {
	w := opts.Stderr
	closeFn = func() {}
	if opts.LogFile != "" {
		f, err := os.OpenFile(opts.LogFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, nil, nil, fmt.Errorf("--log-file: %w", err)
		}
		w = io.MultiWriter(opts.Stderr, f)
		closeFn = func() { f.Close() }
	}
	w = lockedio.New(w) // two loggers write to it
	log = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo})).With("component", "ubp-serve")
	sdkLog = slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn})).With("component", "mcp-sdk")
	return log, sdkLog, closeFn, nil
}
