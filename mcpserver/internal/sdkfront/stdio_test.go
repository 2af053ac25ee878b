package sdkfront

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// TestFixErrorCode: SDK errors without a code get one, wrapped codes stay.
func TestFixErrorCode(t *testing.T) {
	cases := []struct {
		err  error
		code int64
		msg  string
	}{
		{errors.New(`method "tools/list" is invalid during session initialization`), -32600, "invalid during session initialization"},
		{errors.New(`duplicate "initialize" received`), -32600, "duplicate"},
		{errors.New(`handling 'initialize': unmarshaling "{}" into a *x: bad`), -32602, "invalid params: "},
		{errors.New("something broke\ngoroutine 1 [running]"), -32603, "internal error: something broke"},
		{fmt.Errorf("handling 'tools/call': %w", &jsonrpc.Error{Code: -32602, Message: "invalid params"}), -32602, ""},
	}
	for i, tc := range cases {
		t.Run(fmt.Sprint("error ", i), func(t *testing.T) {
			id, _ := jsonrpc.MakeID(float64(1))
			resp := &jsonrpc.Response{ID: id, Error: tc.err}
			fixErrorCode(resp)
			var we *jsonrpc.Error
			if !errors.As(resp.Error, &we) || we.Code != tc.code {
				t.Errorf("%v: got %v, want code %d", tc.err, resp.Error, tc.code)
				return
			}
			if !strings.Contains(resp.Error.Error(), tc.msg) || strings.Contains(resp.Error.Error(), "goroutine") {
				t.Errorf("%v: message %q", tc.err, resp.Error.Error())
			}
		})
	}
}
