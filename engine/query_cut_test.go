package engine

import (
	"fmt"
	"strings"
	"testing"
)

// TestLongQueriesSayWhatWasCut checks that a query longer than search
// reads says so in the answer (query_cut) instead of losing its end
// without a word: 48 concepts and 1,000 characters are read, no more.
func TestLongQueriesSayWhatWasCut(t *testing.T) {
	e := searchProject(t, map[string]string{
		"billing.md": "# Billing\n\nEvery invoice is reconciled at month end.\n",
	}, "none")
	words := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("w%d", i)
		}
		return strings.Join(w, " ")
	}
	for _, tc := range []struct {
		query, cut string
	}{
		{"invoice", ""},
		{words(47) + " invoice", ""},
		{words(48) + " invoice", "search read only the first 48 concepts of the query (1 more left out)"},
		{strings.Repeat("lorem ", 200) + "invoice", "search read only the first 1000 characters of the query"},
		{words(300), "search read only the first 1000 characters of the query and, of those, the first 48 concepts (174 more left out)"},
	} {
		res := mustSearch(t, e, SearchOptions{Query: tc.query})
		ft := mustFulltext(t, e, FulltextOptions{Query: tc.query})
		if res.QueryCut != tc.cut || ft.QueryCut != tc.cut {
			t.Errorf("%.40q…: query_cut %q (fulltext %q), want %q", tc.query, res.QueryCut, ft.QueryCut, tc.cut)
		}
	}
}
