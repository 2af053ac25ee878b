package engine

import (
	"fmt"
	"strings"
	"testing"
)

// commonWordDocs: thirty short pages (a section each), every one saying
// "the project", one of them about a kestrel.
func commonWordDocs() map[string]string {
	files := map[string]string{}
	for i := range 30 {
		topic := fmt.Sprintf("area%02d", i)
		if i == 7 {
			topic = "kestrel"
		}
		files[fmt.Sprintf("p%02d.md", i)] = fmt.Sprintf("# %s\n\nThe project keeps %s apart from the rest; "+
			"the project owners review %s every week.\n", topic, topic, topic)
	}
	return files
}

// A query whose only words are in most of the index's sections ("the", or
// a word every page says) matches every page, and none of them tells the
// user anything: the level says "weak" (one common word), as the help and
// the schema describe it, not "strong" for every page of the project.
func TestSearchCommonWordsMatchWeakly(t *testing.T) {
	e := searchProject(t, commonWordDocs(), "none")
	tests := []struct {
		query, want string
	}{
		{"the", "weak"},
		{"project", "weak"},
		{"the project", "weak"},
		{"kestrel", "strong"},
		{"kestrel project", "strong"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := mustSearch(t, e, SearchOptions{Query: tt.query})
			if len(res.Results) == 0 {
				t.Fatalf("%q: no results", tt.query)
			}
			if res.Match != tt.want {
				t.Errorf("%q: match %q, want %q (best %s, coverage %v)", tt.query, res.Match, tt.want,
					res.Results[0].Filepath, res.Results[0].ScoreBreakdown.Coverage)
			}
		})
	}
}

// A page found only through a less common sense of a query word's
// translation (レート: rate, late, rating, ranking) matched that word in
// part: its reason says so instead of "matches 0 of 1 query terms" beside
// a page it shows as found.
func TestSearchReasonCountsPartMatches(t *testing.T) {
	e := searchProject(t, map[string]string{
		"ranking.md": "# Ranking\n\nResults are ranked by BM25.\n",
		"limits.md":  "# Limits\n\nEach client has a rate of ten requests a second.\n",
	}, "none")
	res := mustSearch(t, e, SearchOptions{Query: "レート"})
	reasons := map[string]string{}
	for _, h := range res.Results {
		reasons[h.Filepath] = h.RelevanceReason
	}
	if r := reasons["limits.md"]; !strings.Contains(r, "matches 1 of 1 query term in") {
		t.Errorf("limits.md (says rate, the first sense): reason %q, want it to match 1 of 1", r)
	}
	r, ok := reasons["ranking.md"]
	if !ok {
		t.Fatalf("ranking.md (says ranked, a later sense) not found: %v", hitPaths(res))
	}
	if strings.Contains(r, "matches 0 of") || !strings.Contains(r, "in part") {
		t.Errorf("ranking.md: reason %q, want the later sense counted in part", r)
	}
}
