package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"
)

const fuzzInit = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}}` + "\n"

// FuzzStdioInput feeds arbitrary bytes to a real server on stdin: it must
// never crash or hang, and every line it writes must be one valid JSON-RPC
// message. Each input runs twice: as is, and after a successful initialize,
// so that the fuzzer also reaches the tools.
func FuzzStdioInput(f *testing.F) {
	seeds := []string{
		"",
		"\n\n",
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"database","limit":3,"include_linked":true}}}`,
		`{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"ubp_get_context","arguments":{"filepath":"designs/database.md","max_size":1000}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ubp_fulltext_search","arguments":{"query":"\"Postgre"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ubp_get_graph","arguments":null}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"ubp_get_page","arguments":{"filepath":"../../etc/passwd"}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ubp_list_pages","arguments":{"sort":"updated_at","order":"desc"}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"initialize","params":{}}`,
		`{"jsonrpc":"2.0","id":7,"method":"notifications/cancelled","params":{"requestId":7}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"x"}}`,
		`{"jsonrpc":"2.0","id":8,"result":{}}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
		`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}",
		"\x00\xff{\"jsonrpc\"",
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"ubp_search","arguments":{"query":"日本語の検索","link_types":["implements"]}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"ubp_get_context","arguments":{"filepath":"designs/database.md","link_types":["depends_on","likes"]}}}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"ubp_get_graph","arguments":{"center":"designs/database.md","link_types":["depends_on"]}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"ubp_get_graph","arguments":{"link_types":[null,7,"extends"]}}}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	e := taskflow(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, input := range [][]byte{data, append([]byte(fuzzInit), data...)} {
			var out bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			err := Serve(ctx, e, bytes.NewReader(input), &out, Options{NoLock: true, NoWatch: true, Stderr: io.Discard})
			timedOut := ctx.Err() != nil
			cancel()
			if err != nil {
				t.Fatalf("Serve failed: %v", err)
			}
			if timedOut {
				t.Fatalf("Serve did not finish within 20s of its input ending")
			}
			sc := bufio.NewScanner(&out)
			sc.Buffer(make([]byte, 1<<20), 64<<20)
			for sc.Scan() {
				var m msg
				if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
					t.Fatalf("output line is not JSON: %q", sc.Bytes())
				}
				if err := validJSONRPC(m); err != nil {
					t.Fatalf("output line is not valid JSON-RPC (%v): %s", err, sc.Bytes())
				}
			}
		}
	})
}
