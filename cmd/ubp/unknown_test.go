package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUnknownWordsAreUsageErrors: a word that names no command or no
// argument a command takes is a usage error (exit 2) that names the word
// and gives a hint, also under help and completion, which printed a help
// page and exited 0. A known word still works.
func TestUnknownWordsAreUsageErrors(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		code int
		want []string // in stderr
	}{
		{[]string{"completion", "nosuchshell"}, 2, []string{`"nosuchshell"`, "ubp completion", "hint: ", "bash, fish, powershell, zsh"}},
		{[]string{"help", "nosuchcommand"}, 2, []string{`"nosuchcommand"`, "hint: ", "ubp --help"}},
		{[]string{"help", "search", "extra"}, 2, []string{`"extra"`, "ubp search", "hint: ubp search has no subcommands; see `ubp search --help`"}},
		{[]string{"help", "completion", "tcsh"}, 2, []string{`"tcsh"`, "ubp completion", "hint: "}},
		{[]string{"serch"}, 2, []string{`"serch"`, "hint: did you mean: search, serve"}},
		{[]string{"frobnicate"}, 2, []string{`unknown command "frobnicate" for "ubp"`, "hint: see `ubp --help`"}},
		{[]string{"status", "extra"}, 2, []string{`"extra"`, "hint: "}},
		{[]string{"fulltext", "--help"}, 2, []string{`unknown command "fulltext" for "ubp"`, "hint: see `ubp --help`"}},
		{[]string{"serch", "-h"}, 2, []string{`"serch"`, "hint: did you mean: search, serve"}},
		{[]string{"-C", ".", "frobnicate", "--help"}, 2, []string{`unknown command "frobnicate" for "ubp"`}},
		{[]string{"search", "--help"}, 0, nil},
		{[]string{"--help"}, 0, nil},
		{[]string{"help"}, 0, nil},
		{[]string{"help", "search"}, 0, nil},
		{[]string{"help", "completion", "bash"}, 0, nil},
		{[]string{"completion"}, 0, nil},
		{[]string{"completion", "zsh"}, 0, nil},
		{nil, 0, nil},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, "_"), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, dir, tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d\nstdout: %.200s\nstderr: %s", code, tc.code, stdout, stderr)
			}
			if tc.code == 0 {
				if stdout == "" || stderr != "" {
					t.Errorf("stdout %.100q, stderr %q; want output and no error", stdout, stderr)
				}
				return
			}
			if stdout != "" {
				t.Errorf("an error printed on stdout: %.200s", stdout)
			}
			if strings.Count(stderr, "\n") != 2 {
				t.Errorf("stderr is not one line and a hint: %q", stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr %q lacks %q", stderr, w)
				}
			}
		})
	}
}

// TestUnknownWordsInJSON: with --json the same errors are a JSON object
// whose message is one line and whose hint carries the suggestions.
func TestUnknownWordsInJSON(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"help", "nosuch", "--json"}, {"completion", "tcsh", "--json"}, {"serch", "--json"}} {
		code, stdout, _ := runCLI(t, dir, args...)
		var got errorJSON
		if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != 2 {
			t.Errorf("%v: exit %d, %v: %s", args, code, err, stdout)
			continue
		}
		if got.Error.Code != "usage" || strings.Contains(got.Error.Message, "\n") || got.Error.Hint == "" {
			t.Errorf("%v: %+v; want code usage, a one-line message and a hint", args, got.Error)
		}
	}
}

// TestStrayArgumentsAreNamedAsArguments: a word given to a command that
// takes none is reported as an argument it does not take, with the flag
// that takes it where there is one (a page for get-graph goes in --center),
// not as an unknown command: `ubp get-graph a.md` said `unknown command
// "a.md" for "ubp get-graph"`.
func TestStrayArgumentsAreNamedAsArguments(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"get-graph", "designs/a.md"}, `get-graph takes no arguments, got "designs/a.md": name the page to centre on with --center designs/a.md`},
		{[]string{"get-graph", "System Architecture"}, `get-graph takes no arguments, got "System Architecture": name the page to centre on with --center 'System Architecture'`},
		{[]string{"list-pages", "design", "adr"}, `list-pages takes no arguments, got "design" and "adr"`},
		{[]string{"status", "x"}, `status takes no arguments, got "x"`},
		{[]string{"stale", "a.md"}, `stale takes no arguments, got "a.md"`},
		{[]string{"suggest-links", "5"}, `suggest-links takes no arguments, got "5"`},
		{[]string{"index", "docs"}, `index takes no arguments, got "docs"`},
		{[]string{"init", "docs"}, `init takes no arguments, got "docs": name the docs folder with --docs-dir docs`},
		{[]string{"version", "x"}, `version takes no arguments, got "x"`},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, "_"), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, dir, tc.args...)
			if code != 2 || stdout != "" {
				t.Fatalf("exit %d, stdout %q; want exit 2 and nothing on stdout", code, stdout)
			}
			if want := "ubp: " + tc.want + "\n"; !strings.HasPrefix(stderr, want) || strings.Contains(stderr, "unknown command") {
				t.Errorf("stderr %q, want it to start %q", stderr, want)
			}
		})
	}
}
