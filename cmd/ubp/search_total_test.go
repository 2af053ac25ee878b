package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestSearchSaysAtLeast: when total_found is a lower bound (a query word
// in more sections than full text reads of it), the text output says "at
// least"; the JSON carries total_found_lower_bound. A rare word's count is
// given as it is.
func TestSearchSaysAtLeast(t *testing.T) {
	root := initProjectWith(t, commonWordDocs(3, 400))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"search", "alpha", "--limit", "2"}, "2 of at least 3 found"},
		{[]string{"search", "alpha", "--fulltext", "--limit", "2"}, "2 of at least 3 found"},
		{[]string{"search", "gamma", "--fulltext"}, "1 of 1 found"},
		{[]string{"search", "alpha", "--json"}, `"total_found_lower_bound": true`},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out := mustCLI(t, root, tc.args...)
			if !strings.Contains(out, tc.want) {
				t.Errorf("output lacks %q:\n%s", tc.want, out)
			}
		})
	}
	if out := mustCLI(t, root, "search", "gamma", "--json"); strings.Contains(out, "total_found_lower_bound") {
		t.Errorf("an exact count is marked a lower bound:\n%s", out)
	}
}

// commonWordDocs is docs documents of perDoc sections each under docs/,
// every section holding alpha (docs×perDoc > 1,000: more than full text
// reads of one word), the first one of the first document gamma too.
func commonWordDocs(docs, perDoc int) map[string]string {
	filler := strings.Repeat("Some words that are long enough to stand alone as a section here. ", 4)
	files := map[string]string{}
	for d := range docs {
		var b strings.Builder
		fmt.Fprintf(&b, "# Doc %d\n", d)
		for s := range perDoc {
			fmt.Fprintf(&b, "\n## Part %d\n\nThe alpha value %d. %s\n", s, s, filler)
			if d == 0 && s == 0 {
				b.WriteString("A gamma ray.\n")
			}
		}
		files[fmt.Sprintf("docs/d%d.md", d)] = b.String()
	}
	return files
}
