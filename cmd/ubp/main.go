// Command ubp turns a folder of Markdown design documents into a knowledge
// graph and serves it to AI agents over MCP. This package only wires the
// command line to the engine and mcpserver packages: one file per command.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
