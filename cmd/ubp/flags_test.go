package main

import (
	"strings"
	"testing"

	"github.com/spf13/pflag"
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

// TestNegativeIntFlagsNameTheFlag: every whole-number flag of every
// command given -1 is a usage error naming the flag and the value (with
// the accepted range), not the engine's parameter name: get-graph --limit
// -1 said "invalid limit: must be positive", though 0 is accepted.
func TestNegativeIntFlagsNameTheFlag(t *testing.T) {
	root := taskflowProject(t)
	operand := map[string][]string{"search": {"x"}, "get-page": {"designs/database.md"}, "get-context": {"designs/database.md"}}
	checked := 0
	for _, c := range (&app{}).rootCommand().Commands() {
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Value.Type() != "int" {
				return
			}
			checked++
			args := append(append([]string{c.Name()}, operand[c.Name()]...), "--"+f.Name, "-1")
			code, _, stderr := runCLI(t, root, args...)
			if want := "--" + f.Name + " -1: "; code != 2 || !strings.Contains(stderr, want) {
				t.Errorf("ubp %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, stderr, want)
			}
		})
	}
	if checked < 10 {
		t.Errorf("only %d whole-number flags found", checked)
	}
}

// TestArgumentErrorsNameTheFlag: a value the engine rejects is reported
// under the flag the user typed (--min-score, --doc-type), not the
// parameter name the MCP tools use (min_score, doc_type); an argument
// that is no flag (the page, the query) keeps its name.
func TestArgumentErrorsNameTheFlag(t *testing.T) {
	root := taskflowProject(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"suggest-links", "--min-score", "2"}, "ubp: --min-score: must be between 0 and 1, got 2\n"},
		{[]string{"list-pages", "--doc-type", "nosuch"}, "ubp: --doc-type: \"nosuch\" is not a document type"},
		{[]string{"list-pages", "--sort", "size"}, "ubp: --sort: \"size\": use one of"},
		{[]string{"search", "x", "--fusion", "max"}, "ubp: --fusion: unknown fusion \"max\""},
		{[]string{"get-page", "designs/database.md", "--section", "Nowhere"}, "ubp: --section: \"Nowhere\" is not a section"},
		{[]string{"search", "   "}, "ubp: invalid query: must not be empty or only spaces"},
		{[]string{"stale", "--output", "no-such-dir/report.txt"}, "ubp: --output: open "},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := runCLI(t, root, tc.args...)
			if code != 2 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, tc.want)
			}
		})
	}
}

// TestTooLargeIntFlagsSayTheMost: a count flag given more than it takes
// names its largest value; "use 0 or more" was said of 9223372036854775807.
func TestTooLargeIntFlagsSayTheMost(t *testing.T) {
	root := taskflowProject(t)
	for _, args := range [][]string{
		{"list-pages", "--offset", "9223372036854775807"},
		{"list-pages", "--limit", "2000000000"},
		{"get-graph", "--offset", "1073741825"},
	} {
		code, _, stderr := runCLI(t, root, args...)
		if want := "out of range, use 0 to 1073741824"; code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("ubp %s: exit %d, stderr %q; want 2 and %q", strings.Join(args, " "), code, stderr, want)
		}
	}
}
