package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// server is `ubp serve` on stdio with an MCP client session to it.
type server struct {
	cmd     *exec.Cmd
	sess    *mcp.ClientSession
	started time.Time
	// initialize is the time from spawning the process to the end of the
	// initialize handshake.
	initialize time.Duration
}

// startServer spawns `ubp serve` in root and completes the MCP handshake.
func startServer(ctx context.Context, ubp, root string, log *os.File) (*server, error) {
	cmd := exec.Command(ubp, "serve")
	cmd.Dir = root
	cmd.Stderr = log
	c := mcp.NewClient(&mcp.Implementation{Name: "ubp-bench-scale", Version: "1"}, nil)
	s := &server{cmd: cmd, started: time.Now()}
	sess, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return nil, fmt.Errorf("start ubp serve: %w", err)
	}
	s.initialize = time.Since(s.started)
	s.sess = sess
	return s, nil
}

// call runs one tool and returns its text and how long the call took. A
// tool error is an error.
func (s *server) call(ctx context.Context, tool string, args map[string]any) (string, time.Duration, error) {
	start := time.Now()
	res, err := s.sess.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	took := time.Since(start)
	if err != nil {
		return "", took, fmt.Errorf("%s: %w", tool, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	if res.IsError {
		return "", took, fmt.Errorf("%s %v: tool error: %s", tool, args, tail(b.String(), 500))
	}
	return b.String(), took, nil
}

// peakRSSKB is the server's peak resident memory so far.
func (s *server) peakRSSKB() (int64, error) { return peakRSSKB(s.cmd.Process.Pid) }

// close ends the session; the transport closes stdin and waits for the
// process to exit.
func (s *server) close() error { return s.sess.Close() }
