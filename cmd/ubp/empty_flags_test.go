package main

import (
	"strings"
	"testing"
)

// TestEmptyFlagValuesAreUsageErrors: a flag given with an empty value (a
// shell variable that was not set: --center "$PAGE") is a usage error
// naming the flag; it was taken as the flag left out (the whole graph,
// every document type, stdout, stdio instead of HTTP) without a word.
// The category flags of serve, whose empty value is documented (it
// overrides the environment), still accept it.
func TestEmptyFlagValuesAreUsageErrors(t *testing.T) {
	root := taskflowProject(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"get-graph", "--center", ""}, `--center ""`},
		{[]string{"get-graph", "--output", ""}, `--output ""`},
		{[]string{"list-pages", "--doc-type", ""}, `--doc-type ""`},
		{[]string{"list-pages", "--sort", " "}, `--sort " "`},
		{[]string{"list-pages", "--order", ""}, `--order ""`},
		{[]string{"search", "x", "--doc-type", ""}, `--doc-type ""`},
		{[]string{"search", "x", "--fusion", ""}, `--fusion ""`},
		{[]string{"search", "x", "--link-types", ""}, `--link-types ""`},
		{[]string{"search", "x", "--link-types", "references,,depends_on"}, `--link-types "references,,depends_on"`},
		{[]string{"get-context", "designs/database.md", "--link-types", ""}, `--link-types ""`},
		{[]string{"get-graph", "--link-types", "depends_on,,implements"}, `--link-types "depends_on,,implements"`},
		{[]string{"stale", "--output", ""}, `--output ""`},
		{[]string{"get-page", "designs/database.md", "--section", ""}, `--section ""`},
		{[]string{"init", "--docs-dir", ""}, `--docs-dir ""`},
		{[]string{"init", "--exclude", ""}, `--exclude ""`},
		{[]string{"serve", "--log-file", ""}, `--log-file ""`},
		{[]string{"serve", "--token", ""}, `--token ""`},
		{[]string{"serve", "--http", ""}, `--http ""`},
		{[]string{"serve", "--http="}, `--http ""`},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCLI(t, root, tc.args...)
			if code != 2 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "hint: ") {
				t.Errorf("exit %d, stderr %q; want 2 and an error naming %s\nstdout: %.300s", code, stderr, tc.want, stdout)
			}
		})
	}
	for _, args := range [][]string{{"serve", "--exclude-categories", ""}, {"serve", "--include-categories", "", "--no-watch"}} {
		if code, _, stderr := runCLI(t, root, args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
}
