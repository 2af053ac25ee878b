package main

import (
	"strings"
	"testing"
)

// TestServeReadsEnvironment: the command reads the tool categories and the
// bearer token from the environment when their flags are not given.
func TestServeReadsEnvironment(t *testing.T) {
	root := taskflowProject(t)
	t.Setenv("UBP_TOOL_INCLUDE_CATEGORIES", "graph")
	t.Setenv("UBP_TOOL_EXCLUDE_CATEGORIES", "")
	if code, _, stderr := runCLI(t, root, "serve", "--no-lock", "--no-watch", "--exclude-categories", "graph"); code == 0 || !strings.Contains(stderr, "no tool") {
		t.Errorf("with UBP_TOOL_INCLUDE_CATEGORIES=graph and --exclude-categories graph: exit %d, stderr %q; want the no-tool error", code, stderr)
	}
	t.Setenv("UBP_TOOL_INCLUDE_CATEGORIES", "")
	t.Setenv("UBP_HTTP_TOKEN", "tiny")
	if code, _, stderr := runCLI(t, root, "serve", "--no-lock", "--no-watch", "--http", "127.0.0.1:0"); code == 0 || !strings.Contains(stderr, "UBP_HTTP_TOKEN") {
		t.Errorf("with UBP_HTTP_TOKEN=tiny: exit %d, stderr %q; want an error naming UBP_HTTP_TOKEN", code, stderr)
	}
}

// TestServeEmptyCategoryFlagOverridesEnv: an empty --exclude-categories
// (or --include-categories) is given, so it wins over the environment, as
// the help and docs say flags do.
func TestServeEmptyCategoryFlagOverridesEnv(t *testing.T) {
	root := taskflowProject(t)
	t.Setenv("UBP_TOOL_EXCLUDE_CATEGORIES", "graph")
	t.Setenv("UBP_TOOL_INCLUDE_CATEGORIES", "")
	// With the variable, graph alone minus graph leaves no tool.
	if code, _, stderr := runCLI(t, root, "serve", "--no-lock", "--no-watch", "--include-categories", "graph"); code == 0 || !strings.Contains(stderr, "no tool") {
		t.Fatalf("with %s=graph: exit %d, stderr %q; want the no-tool error", "UBP_TOOL_EXCLUDE_CATEGORIES", code, stderr)
	}
	if code, _, stderr := runCLI(t, root, "serve", "--no-lock", "--no-watch", "--include-categories", "graph", "--exclude-categories", ""); code != 0 {
		t.Errorf(`--exclude-categories "" did not override the environment: exit %d, stderr %q`, code, stderr)
	}
}

// TestServeBadOptionsAreUsage: options serve cannot start with (an unknown
// tool category, a short token, a public address without a token) are bad
// usage, exit 2 and "code": "invalid_argument" in JSON, as a bad value of
// another flag is; they exited 1 as server failures.
func TestServeBadOptionsAreUsage(t *testing.T) {
	root := taskflowProject(t)
	t.Setenv("UBP_HTTP_TOKEN", "")
	for _, args := range [][]string{
		{"serve", "--no-lock", "--no-watch", "--include-categories", "foo"},
		{"serve", "--no-lock", "--no-watch", "--http", "127.0.0.1:0", "--token", "short"},
		{"serve", "--no-lock", "--no-watch", "--http", "0.0.0.0:0"},
	} {
		code, stdout, _ := runCLI(t, root, append([]string{"--json"}, args...)...)
		if code != 2 || !strings.Contains(stdout, `"invalid_argument"`) {
			t.Errorf("%v: exit %d, %s; want 2 and a usage error", args, code, stdout)
		}
	}
}

// TestServeTokenNeedsHTTP: --token without --http is bad usage naming both
// flags: over stdio there is no request to check a token on, and the token
// was silently ignored.
func TestServeTokenNeedsHTTP(t *testing.T) {
	root := taskflowProject(t)
	for _, args := range [][]string{
		{"serve", "--no-lock", "--no-watch", "--token", "0123456789abcdef0123"},
	} {
		code, _, stderr := runCLI(t, root, args...)
		if code != 2 || !strings.Contains(stderr, "--token") || !strings.Contains(stderr, "--http") {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a usage error naming --token and --http", args, code, stderr)
		}
	}
}
