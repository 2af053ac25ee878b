package sdkfront

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestStdioClosesWhenNobodyReads: once stdin has ended, an answer that
// cannot be written (the client stopped reading stdout) closes the session
// after stalledWrite instead of holding the server forever.
func TestStdioClosesWhenNobodyReads(t *testing.T) {
	old := stalledWrite
	stalledWrite = 50 * time.Millisecond
	t.Cleanup(func() { stalledWrite = old })
	pr, pw := io.Pipe() // nothing ever reads pr: every write blocks
	t.Cleanup(func() { pr.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	c := newStdioConn(nil, strings.NewReader(""), pw, log)
	// Let the input end.
	deadline := time.Now().Add(10 * time.Second)
	for !c.inputEnded.Load() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	id, _ := jsonrpc.MakeID(float64(1))
	go func() {
		_ = c.Write(context.Background(), &jsonrpc.Response{ID: id, Result: json.RawMessage(`{}`)})
	}()
	select {
	case <-c.closed:
	case <-time.After(20 * time.Second): // only stops a test that would hang
		t.Fatal("the session stayed open with an answer nobody reads")
	}
}
