package main

import (
	"strings"
	"testing"
)

// TestListPagesSaysWhereTheNextPageStarts: a listing cut by --limit ends
// by saying where the rest starts, as ubp_list_pages does ("More with
// offset=3"), and an --offset past the last page says so; the count alone
// ("2 of 4 pages") left a reader to work the next --offset out, and took
// "0 of 16 pages" for a filter that matched nothing.
func TestListPagesSaysWhereTheNextPageStarts(t *testing.T) {
	root := taskflowProject(t)
	cases := []struct {
		args []string
		last string
	}{
		{[]string{"--doc-type", "design", "--limit", "2", "--offset", "1"}, "2 of 4 pages; more with --offset 3"},
		{[]string{"--doc-type", "design", "--limit", "2", "--offset", "2"}, "2 of 4 pages"},
		{[]string{"--limit", "1"}, "1 of 16 pages; more with --offset 1"},
		{[]string{"--offset", "20"}, "0 of 16 pages: --offset 20 is past the last"},
		{[]string{"--doc-type", "design"}, "4 of 4 pages"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, "_"), func(t *testing.T) {
			stdout := mustCLI(t, root, append([]string{"list-pages"}, tc.args...)...)
			lines := strings.Split(strings.TrimRight(stdout, "\n"), "\n")
			if got := lines[len(lines)-1]; got != tc.last {
				t.Errorf("last line %q, want %q\n%s", got, tc.last, stdout)
			}
		})
	}
}
