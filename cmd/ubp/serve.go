package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/lockedio"
	"github.com/ubp-dev/ubp/mcpserver"
)

func (a *app) serveCommand() *cobra.Command {
	var o mcpserver.Options
	var include, exclude []string
	cmd := &cobra.Command{
		Use:   "serve [--http [ADDR]] [--token T] [--include-categories c,..] [--exclude-categories c,..] [--no-lock] [--no-watch] [--log-file FILE]",
		Short: "Serve the index to AI agents over MCP (stdio, or Streamable HTTP with --http)",
		Long: `Serve the six ubp_* tools over MCP. By default over stdio, for Claude Code,
Cursor and Claude Desktop; with --http on a Streamable HTTP endpoint /mcp
(default address 127.0.0.1:7000). Before it serves, the index is brought up to
date (built on first use, with progress on stderr), so no tool call is answered
from an index behind the files; while serving, changed files are re-indexed
within a second.

One server runs per project: .ubp/serve.lock is held while serving (--no-lock
skips it). Tool categories: search (ubp_search, ubp_fulltext_search), pages
(ubp_get_page, ubp_get_context, ubp_list_pages), graph (ubp_get_graph);
--include-categories narrows, then --exclude-categories removes (also
UBP_TOOL_INCLUDE_CATEGORIES / UBP_TOOL_EXCLUDE_CATEGORIES). Binding --http to a
non-loopback address requires a bearer token of at least 16 characters
(UBP_HTTP_TOKEN, which ps does not show, or --token); --token without --http
is a usage error.`,
		Example: `  claude mcp add ubp -- ubp serve -C /path/to/project
  ubp serve --http
  UBP_HTTP_TOKEN="$(openssl rand -hex 16)" ubp serve --http 0.0.0.0:7000
  ubp serve --exclude-categories graph`,
		Args: func(cmd *cobra.Command, args []string) error {
			// --http takes an optional value, so "--http 127.0.0.1:8080"
			// leaves the address as an argument: accept exactly that.
			switch {
			case len(args) == 0:
				return nil
			case len(args) == 1 && cmd.Flags().Changed("http") && o.HTTPAddr == mcpserver.DefaultHTTPAddr:
				o.HTTPAddr = args[0]
				return nil
			default:
				return usagef("serve takes no arguments (did you mean --http=%s?)", args[0])
			}
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			// A client that closes the server's stdout makes its next
			// write fail (EPIPE), which ends the session cleanly with a
			// log line; SIGPIPE killed the server silently instead.
			signal.Ignore(syscall.SIGPIPE)
			o.IncludeCategories = givenList(cmd, "include-categories", include, mcpserver.EnvIncludeCategories)
			o.ExcludeCategories = givenList(cmd, "exclude-categories", exclude, mcpserver.EnvExcludeCategories)
			if cmd.Flags().Changed("token") && !cmd.Flags().Changed("http") {
				// Over stdio no request carries a token: the client that
				// started the server is the only one. UBP_HTTP_TOKEN may
				// be set for every run, so only the flag is refused.
				return usagef("--token needs --http: a stdio server has no requests to check a token on")
			}
			if o.Token == "" {
				// Flags win over the environment; the token is better
				// kept out of flags, which show in ps.
				o.Token, o.TokenSource = os.Getenv(mcpserver.EnvHTTPToken), mcpserver.EnvHTTPToken
			}
			// --http "" (the address left as an argument) or --http= named
			// no address: it served stdio.
			if cmd.Flags().Changed("http") {
				if err := checkHTTPAddr(o.HTTPAddr); err != nil {
					return err
				}
			}
			o.Version = buildVersion()
			// The catch-up's progress lines and the server's log reach
			// stderr from two goroutines: one lock for both.
			a.stderr = lockedio.New(a.stderr)
			o.Stderr = a.stderr
			// The catch-up run goes to the server, which answers the
			// handshake first and holds tool calls until it is done.
			return a.withEngineMode(cmd.Context(), freshNone, func(e *engine.Engine) error {
				o.Prepare = func(ctx context.Context) error { return a.ensureFresh(ctx, e, freshFull) }
				return mcpserver.Serve(cmd.Context(), e, a.stdin, a.stdout, o)
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.HTTPAddr, "http", "", "serve Streamable HTTP on `ADDR` instead of stdio (default 127.0.0.1:7000)")
	f.Lookup("http").NoOptDefVal = mcpserver.DefaultHTTPAddr
	f.StringVar(&o.Token, "token", "", "bearer token required on HTTP requests, at least 16 characters (prefer UBP_HTTP_TOKEN: flags show in ps)")
	f.StringSliceVar(&include, "include-categories", nil, "only these tool categories: search, pages, graph")
	f.StringSliceVar(&exclude, "exclude-categories", nil, "hide these tool categories")
	f.BoolVar(&o.NoLock, "no-lock", false, "do not take .ubp/serve.lock")
	f.BoolVar(&o.NoWatch, "no-watch", false, "do not re-index changed files while serving")
	f.StringVar(&o.LogFile, "log-file", "", "also write logs to `FILE` (for example .ubp/serve.log)")
	return cmd
}

// givenList is the flag's list when the flag is given (a flag given with an
// empty value is an empty list: flags win over the environment), else the
// comma-separated list in environment variable env (nil when unset or
// blank).
func givenList(cmd *cobra.Command, flag string, items []string, env string) []string {
	if cmd.Flags().Changed(flag) {
		if out := splitList(items); out != nil {
			return out
		}
		return []string{}
	}
	return splitList([]string{os.Getenv(env)})
}
