package main

import (
	"strings"
	"testing"
)

// TestServeBadHTTPAddress: every bad value of serve --http is one usage
// error (exit 2) naming the flag once with its value, saying what is wrong,
// and a hint saying what to give, whether the CLI or the server finds it
// (--http: "0.0.0.0:0" listens on every interface, ...). 999.1.1.1:1 read
// "--http: --http 999.1.1.1:1 listens on 999.1.1.1, beyond this machine:
// set a bearer token", the flag twice and the wrong fault; an address that
// cannot be listened on said nothing of what to do.
func TestServeBadHTTPAddress(t *testing.T) {
	root := taskflowProject(t)
	t.Setenv("UBP_HTTP_TOKEN", "")
	const token = "0123456789abcdef0123"
	for _, tt := range []struct {
		value, token, wrong, todo string
	}{
		{"999.1.1.1:1", "", "has host 999.1.1.1, not an IP address", "give an address of this machine"},
		{"256.0.0.1:80", token, "has host 256.0.0.1, not an IP address", "give an address of this machine"},
		{":99999", "", "has port 99999, not a number from 0 to 65535", "give a port from 0 to 65535"},
		{":abc", "", "has port abc, not a number from 0 to 65535", "give a port from 0 to 65535"},
		{"host:", "", "has no port after the colon", "give a port"},
		{"[::1", "", "is not HOST:PORT (missing ']' in address)", "give HOST:PORT"},
		{"localhost", "", "is not HOST:PORT (missing port in address)", "give HOST:PORT"},
		{"", "", "an empty value", "give a value"},
		{"0.0.0.0:0", "", "listens on every interface, beyond this machine, without a bearer token", "set one with --token"},
		{"192.0.2.1:7", token, "cannot listen on", "give an address of this machine"},
	} {
		t.Run(tt.value, func(t *testing.T) {
			args := []string{"serve", "--no-lock", "--no-watch", "--http", tt.value}
			if tt.token != "" {
				args = append(args, "--token", tt.token)
			}
			code, _, stderr := runCLI(t, root, args...)
			msg, hint, _ := strings.Cut(stderr, "\nhint: ")
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr %q", code, stderr)
			}
			if !strings.HasPrefix(msg, "ubp: --http") || !strings.Contains(msg, `"`+tt.value+`"`) || !strings.Contains(msg, tt.wrong) {
				t.Errorf("message %q, want --http, %q and %q", msg, tt.value, tt.wrong)
			}
			if n := strings.Count(msg, "--http"); n != 1 {
				t.Errorf("message %q names --http %d times, want once", msg, n)
			}
			if !strings.Contains(msg+hint, tt.todo) {
				t.Errorf("stderr %q does not say what to do (%q)", stderr, tt.todo)
			}
		})
	}
}
