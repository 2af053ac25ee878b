package main

import (
	"strings"
	"testing"
)

func TestJSONRequested(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"frobnicate", "--json"}, true},
		{[]string{"--json", "search", "x"}, true},
		{[]string{"search", "x"}, false},
		{[]string{"search", "x", "--json=false"}, false},
		{[]string{"search", "x", "--json=true"}, true},
		{[]string{"search", "--", "--json"}, false}, // a query word after --
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if got := jsonRequested(tc.args); got != tc.want {
				t.Errorf("jsonRequested(%q) = %v, want %v", tc.args, got, tc.want)
			}
		})
	}
}

func TestCheckHTTPAddr(t *testing.T) {
	tests := []struct {
		addr string
		ok   bool
	}{
		{"127.0.0.1:7000", true},
		{":8080", true},
		{"[::1]:7000", true},
		{":abc", false},
		{"localhost", false},
		{"127.0.0.1:70000", false},
	}
	for _, tc := range tests {
		t.Run(tc.addr, func(t *testing.T) {
			if err := checkHTTPAddr(tc.addr); (err == nil) != tc.ok {
				t.Errorf("checkHTTPAddr(%q) = %v, want ok=%v", tc.addr, err, tc.ok)
			}
		})
	}
}
