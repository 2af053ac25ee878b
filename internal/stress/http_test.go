//go:build stress

package stress

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// stallWait is how long the hostile client waits for the server to close
// a stalled connection: the server allows 10 s for headers and 30 s for a
// body (docs/mcp-server.md#HTTP), plus a margin.
const stallWait = 35 * time.Second

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"stress","version":"1"}}}`

// httpServer starts `ubp serve --http` on a free loopback port, with the
// extra serve arguments.
func httpServer(t *testing.T, extra ...string) (addr string) {
	t.Helper()
	root := t.TempDir()
	newProject(t, root)
	writeCorpus(t, filepath.Join(root, "docs"), 20, 0)
	mustRun(t, root, "index", "--quiet")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr = ln.Addr().String()
	ln.Close()
	cmd := exec.Command(ubp(t), append([]string{"-C", root, "serve", "--http", addr, "--no-watch"}, extra...)...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if strings.Contains(errOut.String(), "panic") {
			t.Errorf("serve panicked:\n%s", errOut.String())
		}
	})
	for i := 0; ; i++ {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			return addr
		}
		if i == 600 {
			t.Fatalf("ubp serve --http did not listen on %s within a minute:\n%s", addr, errOut.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// post sends one MCP POST and returns the status and session id.
func post(t *testing.T, addr, body string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, "http://"+addr+"/mcp", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	client := &http.Client{Timeout: cmdLimit}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("POST /mcp: %v", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("Mcp-Session-Id")
}

// healthy checks that a well-behaved client still gets a session and a
// tool list.
func healthy(t *testing.T, addr, when string) {
	t.Helper()
	code, sid := post(t, addr, initBody, nil)
	if code != http.StatusOK || sid == "" {
		t.Fatalf("%s: initialize gave %d (session %q)", when, code, sid)
	}
	h := map[string]string{"Mcp-Session-Id": sid, "Mcp-Protocol-Version": "2025-06-18"}
	if code, _ := post(t, addr, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, h); code != http.StatusAccepted {
		t.Fatalf("%s: notifications/initialized gave %d", when, code)
	}
	if code, _ := post(t, addr, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, h); code != http.StatusOK {
		t.Fatalf("%s: tools/list gave %d", when, code)
	}
}

// TestHostileHTTPClient attacks `ubp serve --http` on 127.0.0.1 with
// oversized bodies, a foreign Origin and Host, many abandoned sessions,
// stalled bodies and slow headers; well-behaved clients keep being served.
func TestHostileHTTPClient(t *testing.T) {
	addr := httpServer(t)
	healthy(t, addr, "at start")

	t.Run("sizes", func(t *testing.T) {
		big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("x", 5<<20) + `"}}`
		if code, _ := post(t, addr, big, nil); code != http.StatusRequestEntityTooLarge {
			t.Errorf("a 5 MiB body gave %d, want 413", code)
		}
		healthy(t, addr, "after an oversized body")
	})
	t.Run("origin and host", func(t *testing.T) {
		if code, _ := post(t, addr, initBody, map[string]string{"Origin": "http://evil.example"}); code != http.StatusForbidden {
			t.Errorf("a foreign Origin gave %d, want 403", code)
		}
		if code, _ := post(t, addr, initBody, map[string]string{"Host": "evil.example"}); code != http.StatusForbidden {
			t.Errorf("a foreign Host (DNS rebinding) gave %d, want 403", code)
		}
	})
	t.Run("abandoned sessions", func(t *testing.T) {
		n := budget(200, 5000)
		for i := 0; i < n; i++ {
			if code, _ := post(t, addr, initBody, nil); code != http.StatusOK && code != http.StatusServiceUnavailable && code != http.StatusTooManyRequests {
				t.Fatalf("initialize %d of %d gave %d", i+1, n, code)
			}
		}
		healthy(t, addr, fmt.Sprintf("after %d abandoned sessions", n))
		// The cap itself (256 live sessions, the least recently used idle
		// one closed first) is asserted by mcpserver's TestHTTPSessionCap.
	})
	t.Run("stalls", func(t *testing.T) {
		k := budget(20, 300)
		var conns []net.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		for i := 0; i < k; i++ {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatalf("connection %d: %v", i, err)
			}
			conns = append(conns, c)
			if i%2 == 0 { // a body that never arrives
				fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{", addr)
			} else { // headers that never end
				fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nX-Slow: ", addr)
			}
		}
		healthy(t, addr, fmt.Sprintf("with %d stalled connections open", k))
		// Read and idle timeouts: the server closes every stalled
		// connection on its own.
		wait := stallWait
		closed := 0
		deadline := time.Now().Add(wait)
		for _, c := range conns {
			_ = c.SetReadDeadline(deadline)
			if _, err := bufio.NewReader(c).ReadByte(); err != nil && !isTimeout(err) {
				closed++
			} else if err == nil {
				closed++ // the server answered (an error status) and will close
			}
		}
		if closed != k {
			t.Errorf("%d of %d stalled connections closed by the server within %v", closed, k, wait)
		}
	})
	healthy(t, addr, "at the end")
}

// TestHTTPToken: with --token, a request without the bearer token, with a
// wrong one or with a prefix of it is refused with 401; the right one is
// served.
func TestHTTPToken(t *testing.T) {
	const token = "0123456789abcdef0123456789abcdef"
	addr := httpServer(t, "--token", token)
	for name, h := range map[string]map[string]string{
		"none":   nil,
		"wrong":  {"Authorization": "Bearer " + strings.Repeat("x", len(token))},
		"prefix": {"Authorization": "Bearer " + token[:16]},
		"scheme": {"Authorization": "Basic " + token},
	} {
		if code, _ := post(t, addr, initBody, h); code != http.StatusUnauthorized {
			t.Errorf("token %s: status %d, want 401", name, code)
		}
	}
	if code, sid := post(t, addr, initBody, map[string]string{"Authorization": "Bearer " + token}); code != http.StatusOK || sid == "" {
		t.Errorf("the right token: status %d (session %q), want 200", code, sid)
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}
