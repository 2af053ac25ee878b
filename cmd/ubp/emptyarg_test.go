package main

import (
	"strings"
	"testing"
)

// TestEmptyQueryWordedOneWay: an empty or blank query or page is told the
// same words by every command, the words the MCP tools use (mcpserver
// TestEmptyTextParamsWordedOneWay): what is wrong and what to give. A
// blank query said only "must not be empty", an empty page to get-page
// and get-context two different things.
func TestEmptyQueryWordedOneWay(t *testing.T) {
	root := taskflowProject(t)
	const (
		query = "ubp: invalid query: must not be empty or only spaces: give the words or question to search for\n"
		page  = "ubp: invalid page: must name a document: its filepath from the docs folder, its title or an alias\n"
	)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"search", ""}, query},
		{[]string{"search", "   "}, query},
		{[]string{"search", "--fulltext", ""}, query},
		{[]string{"search", "--fulltext", "\t"}, query},
		{[]string{"get-page", ""}, page},
		{[]string{"get-page", "  "}, page},
		{[]string{"get-context", ""}, page},
		{[]string{"get-context", "  "}, page},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := runCLI(t, root, tc.args...)
			first, _, _ := strings.Cut(stderr, "hint:")
			if code != 2 || first != tc.want {
				t.Errorf("exit %d, stderr %q; want 2 and %q first", code, stderr, tc.want)
			}
		})
	}
}
