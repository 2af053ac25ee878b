package engine

import (
	"fmt"
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
