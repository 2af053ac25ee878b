package sdkfront

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxStdioMessage bounds one inbound line on stdio, like the HTTP body
// limit. A longer line is answered with -32600 and skipped.
const MaxStdioMessage = 4 << 20

// NewStdioTransport is the stdio transport with g in front of the SDK.
func NewStdioTransport(g *Gate, in io.Reader, out io.Writer, log *slog.Logger) mcp.Transport {
	return &stdioTransport{conn: newStdioConn(g, in, out, log)}
}

// stdioTransport is an mcp.Transport over newline-delimited JSON on a reader
// and a writer, with the gate in front of the SDK. Unlike the SDK's
// IOTransport it survives malformed input (one bad line gets one error
// answer) and, when the input ends, answers every request already read
// before it reports EOF, so `printf ... | ubp serve` gets all its answers.
type stdioTransport struct {
	conn *stdioConn
}

func (t *stdioTransport) Connect(context.Context) (mcp.Connection, error) { return t.conn, nil }

// stdioConn implements mcp.Connection.
type stdioConn struct {
	gate *Gate
	out  io.Writer
	log  *slog.Logger

	writeMu sync.Mutex

	mu        sync.Mutex
	hs        handshake
	initID    jsonrpc.ID              // the initialize call awaiting its answer
	pending   map[jsonrpc.ID]struct{} // forwarded calls not yet answered
	cancelled map[jsonrpc.ID]struct{} // pending calls the client cancelled: no answer
	changed   chan struct{}           // signalled when pending shrinks

	incoming  chan jsonrpc.Message
	closed    chan struct{}
	closeOnce sync.Once
	// inputEnded is set once stdin ended: the answers still owed are
	// written, but not to a client that no longer reads (writeLine).
	inputEnded atomic.Bool
}

// stalledWrite is how long an answer may wait to be written once stdin
// has ended before the session is closed: a client that closed its end
// of stdin and stopped reading stdout held the server forever.
var stalledWrite = 30 * time.Second

func newStdioConn(g *Gate, in io.Reader, out io.Writer, log *slog.Logger) *stdioConn {
	c := &stdioConn{
		gate:      g,
		out:       out,
		log:       log,
		pending:   map[jsonrpc.ID]struct{}{},
		cancelled: map[jsonrpc.ID]struct{}{},
		changed:   make(chan struct{}, 1),
		incoming:  make(chan jsonrpc.Message),
		closed:    make(chan struct{}),
	}
	go c.readLoop(in)
	return c
}

// readLoop reads lines until the input ends, answering or forwarding each.
// It runs in its own goroutine so that Close can unblock Read even when the
// underlying reader cannot be interrupted.
func (c *stdioConn) readLoop(in io.Reader) {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, tooLong, err := readLine(br, MaxStdioMessage)
		if tooLong {
			c.writeReply(errorReply(nil, 0, codeInvalidRequest,
				"invalid request: message larger than %d bytes", MaxStdioMessage))
		} else if len(bytes.TrimSpace(line)) > 0 {
			if !c.handle(line) {
				return
			}
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				c.log.Warn("reading stdin failed", "error", err)
			}
			c.inputEnded.Store(true)
			c.drain()
			return // Read reports io.EOF once incoming is closed
		}
	}
}

// readLine reads one line without its newline. A line longer than limit is
// consumed and reported as tooLong.
func readLine(br *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > limit+2 { // +2 for "\r\n"
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(line, "\r\n"), tooLong, err
	}
}

// handle gates one message; it reports false when the connection closed.
func (c *stdioConn) handle(line []byte) bool {
	in, rep := parse(line)
	if rep != nil {
		c.writeReply(rep)
	}
	if in == nil {
		return true
	}
	c.mu.Lock()
	act, rep := c.gate.route(in, c.hs)
	if act == actForward && c.inUse(in) {
		// The SDK drops such a call without an answer (it clears the
		// id to keep the error from the call that holds it, and a
		// message without an id gets no answer): say so, as over HTTP.
		act, rep = actReply, errorReply(in.id, 0, codeInvalidRequest,
			"invalid request: request ID %s is already in use by a request not yet answered; give each request a new ID", in.id)
	}
	if act == actForward {
		c.hs.forwarded(in.method)
		if req, ok := in.msg.(*jsonrpc.Request); ok && req.IsCall() {
			if in.method == "initialize" {
				c.initID = req.ID
			}
			c.pending[req.ID] = struct{}{}
		}
		if id, ok := cancelledID(in); ok {
			if _, pending := c.pending[id]; pending {
				c.cancelled[id] = struct{}{}
			}
		}
	}
	c.mu.Unlock()
	switch act {
	case actReply:
		c.writeReply(rep)
	case actForward:
		select {
		case c.incoming <- in.msg:
		case <-c.closed:
			return false
		}
	}
	return true
}

// drain waits until every forwarded call has been answered (or the
// connection closed), then ends the input.
func (c *stdioConn) drain() {
	for {
		c.mu.Lock()
		n := len(c.pending)
		c.mu.Unlock()
		if n == 0 {
			break
		}
		select {
		case <-c.changed:
		case <-c.closed:
			return
		}
	}
	close(c.incoming)
}

// Read returns the next message for the SDK.
func (c *stdioConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case msg, ok := <-c.incoming:
		if !ok {
			return nil, io.EOF
		}
		return msg, nil
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write sends a message from the SDK, fixing error codes the SDK leaves at
// 0 and tracking the initialize handshake.
func (c *stdioConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
	}
	var data []byte
	if resp, ok := msg.(*jsonrpc.Response); ok {
		fixErrorCode(resp)
		c.mu.Lock()
		if _, ok := c.pending[resp.ID]; ok {
			delete(c.pending, resp.ID)
			select {
			case c.changed <- struct{}{}:
			default:
			}
		}
		if c.hs.phase == phaseInitializing && resp.ID == c.initID {
			c.hs.answered(resp.Error == nil)
		}
		_, dropped := c.cancelled[resp.ID]
		delete(c.cancelled, resp.ID)
		c.mu.Unlock()
		if dropped {
			return nil // the client cancelled the request: no response (MCP cancellation)
		}
		var err error
		if data, err = encodeResponse(resp); err != nil {
			return err
		}
	} else {
		var err error
		if data, err = jsonrpc.EncodeMessage(msg); err != nil {
			return fmt.Errorf("encode message: %w", err)
		}
	}
	return c.writeLine(data)
}

func (c *stdioConn) writeReply(r *reply) {
	if err := c.writeLine(r.encode()); err != nil {
		c.log.Warn("writing to stdout failed", "error", err)
	}
}

func (c *stdioConn) writeLine(data []byte) error {
	data = unescapeHTML(data)
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	buf := make([]byte, 0, len(data)+1)
	buf = append(append(buf, data...), '\n')
	stalled := time.AfterFunc(stalledWrite, func() {
		if c.inputEnded.Load() {
			c.log.Warn("stdin ended and stdout is not read: closing the session")
			_ = c.Close()
		}
	})
	defer stalled.Stop()
	_, err := c.out.Write(buf)
	return err
}

// Close unblocks Read; the input reader is not ours to close.
func (c *stdioConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

func (c *stdioConn) SessionID() string { return "" }

// ShortMessage keeps the first line of msg, at most 200 bytes.
func ShortMessage(msg string) string {
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	if len(msg) > 200 {
		msg = msg[:200] + "..."
	}
	return msg
}

// cancelledID returns the requestId of a notifications/cancelled.
func cancelledID(in *inbound) (jsonrpc.ID, bool) {
	if in.method != "notifications/cancelled" || in.call {
		return jsonrpc.ID{}, false
	}
	var p struct {
		RequestID any `json:"requestId"`
	}
	if json.Unmarshal(in.params, &p) != nil || p.RequestID == nil {
		return jsonrpc.ID{}, false
	}
	id, err := jsonrpc.MakeID(p.RequestID)
	return id, err == nil
}

// fixErrorCode gives a code to SDK errors that carry none (the SDK answers
// requests before initialize and a repeated initialize with code 0).
func fixErrorCode(resp *jsonrpc.Response) {
	if resp.Error == nil {
		return
	}
	var we *jsonrpc.Error
	if errors.As(resp.Error, &we) && we.Code != 0 {
		return // the SDK encodes a wrapped code itself
	}
	msg := resp.Error.Error()
	code := int64(codeInternalError)
	switch {
	case strings.Contains(msg, "during session initialization"), strings.Contains(msg, "duplicate"):
		code = codeInvalidRequest
	case strings.Contains(msg, "unmarshaling"):
		code = codeInvalidParams
		msg = "invalid params: " + ShortMessage(msg)
	default:
		msg = "internal error: " + ShortMessage(msg)
	}
	resp.Error = &jsonrpc.Error{Code: code, Message: msg}
}

// encodeResponse writes a response with "id": null when the SDK has no id
// for it (the SDK would omit the member).
func encodeResponse(resp *jsonrpc.Response) ([]byte, error) {
	if resp.ID.IsValid() {
		data, err := jsonrpc.EncodeMessage(resp)
		if err != nil {
			return nil, fmt.Errorf("encode response: %w", err)
		}
		return data, nil
	}
	we := &jsonrpc.Error{Code: codeInternalError, Message: "internal error"}
	if resp.Error != nil {
		if !errors.As(resp.Error, &we) {
			we = &jsonrpc.Error{Code: codeInternalError, Message: resp.Error.Error()}
		}
	}
	return json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc.Error  `json:"error"`
	}{"2.0", json.RawMessage("null"), we})
}

// inUse reports whether in is a call whose id is that of a forwarded call
// not yet answered. c.mu is held.
func (c *stdioConn) inUse(in *inbound) bool {
	req, ok := in.msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return false
	}
	_, pending := c.pending[req.ID]
	return pending
}
