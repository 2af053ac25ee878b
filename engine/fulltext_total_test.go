package engine

import (
	"fmt"
	"strings"
	"testing"
)

// TestTotalFoundPastTheTermRows: a term in more sections than full text
// reads (its best 1,000) is counted whole when the count can be exact (one
// term, no doc_type filter: its section count), and otherwise the answer
// says total_found is a lower bound, in the section search and in the
// document search; a term in few sections is counted exactly either way.
func TestTotalFoundPastTheTermRows(t *testing.T) {
	const docs, perDoc = 24, 50 // 1,200 sections with alpha, beta and ok
	// filler keeps each part a section of its own (index.MinSectionTokens).
	filler := strings.Repeat("Some words that are long enough to stand alone as a section here. ", 4)
	files := map[string]string{}
	for d := range docs {
		docType := []string{"design", "guide"}[d%2]
		body := fmt.Sprintf("---\ndoc_type: %s\n---\n# Doc %d\n", docType, d)
		for s := range perDoc {
			body += fmt.Sprintf("\n## Part %d\n\nThe alpha value and the beta note %d, ok. %s\n", s, s, filler)
			if d == 0 && s < 5 {
				body += "A gamma ray.\n"
			}
		}
		files[fmt.Sprintf("d%02d.md", d)] = body
	}
	e := searchProject(t, files, "none")
	sections := []struct {
		name, query, docType string
		want                 int  // total_found when exact
		lower                bool // total_found is a lower bound
	}{
		{"one common word: its count", "alpha", "", docs * perDoc, false},
		{"one short common word: its count", "ok", "", docs * perDoc, false},
		{"one rare word", "gamma", "", 5, false},
		{"one common word of a doc_type", "alpha", "design", 0, true},
		{"two common words", "alpha beta", "", 0, true},
		{"a common phrase (matches checked on the rows read)", `"alpha value"`, "", 0, true},
		{"a rare word of a doc_type", "gamma", "design", 5, false},
	}
	for _, tt := range sections {
		t.Run("fulltext/"+tt.name, func(t *testing.T) {
			res := mustFulltext(t, e, FulltextOptions{Query: tt.query, DocType: tt.docType})
			if res.TotalFoundLowerBound != tt.lower {
				t.Errorf("total_found_lower_bound %v, want %v (total_found %d)", res.TotalFoundLowerBound, tt.lower, res.TotalFound)
			}
			if !tt.lower && res.TotalFound != tt.want {
				t.Errorf("total_found %d, want %d", res.TotalFound, tt.want)
			}
			if tt.lower && (res.TotalFound < 1 || res.TotalFound > docs*perDoc) {
				t.Errorf("total_found %d: a lower bound of at most %d sections", res.TotalFound, docs*perDoc)
			}
		})
	}
	documents := []struct {
		name, query string
		fulltext    bool
		want        int
		lower       bool
	}{
		{"common word", "alpha", false, 0, true},
		{"common word, full text only", "alpha", true, 0, true},
		{"rare word", "gamma", false, 1, false},
	}
	for _, tt := range documents {
		t.Run("search/"+tt.name, func(t *testing.T) {
			res := mustSearch(t, e, SearchOptions{Query: tt.query, Fulltext: tt.fulltext})
			if res.TotalFoundLowerBound != tt.lower {
				t.Errorf("total_found_lower_bound %v, want %v (total_found %d)", res.TotalFoundLowerBound, tt.lower, res.TotalFound)
			}
			if !tt.lower && res.TotalFound != tt.want {
				t.Errorf("total_found %d, want %d", res.TotalFound, tt.want)
			}
		})
	}
}
