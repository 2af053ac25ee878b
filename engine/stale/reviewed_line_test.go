package stale

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestReviewedWarningsNameTheLine: a reviewed: date in the future, one of
// tomorrow and one that is no date are warned about at the line of the
// reviewed: key in the document file (file:line: message), as the parse's
// frontmatter warnings are; the future one had no line. A document whose
// file cannot be read is still warned about, without a line.
func TestReviewedWarningsNameTheLine(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	for _, tt := range []struct {
		reviewed, warning string
	}{
		{"2062-01-20", "reviewed: 2062-01-20 is in the future (today is 2026-01-20)"},
		{"2026-01-21", "reviewed: 2026-01-21 is tomorrow"},
		{"2026-13-45", `reviewed: "2026-13-45" is not a date`},
	} {
		t.Run(tt.reviewed, func(t *testing.T) {
			// CRLF line ends and a BOM count as the parse counts them.
			r.write("docs/doc.md", fmt.Sprintf("\ufeff---\r\ntitle: Doc\r\nsource_refs:\r\n  - code.txt\r\nreviewed: %s\r\n---\r\n# Doc\r\n", tt.reviewed))
			r.commit("2026-01-01T00:00:00Z", "Ana Lima", "doc "+tt.reviewed)
			for _, baseline := range []string{BaselineGit, BaselineIndex} {
				for _, file := range []string{"docs/doc.md", "docs/gone.md"} {
					rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: baseline, Now: mustTime(t, "2026-01-20T00:00:00Z")},
						[]DocInput{{Filepath: strings.TrimPrefix(file, "docs/"), RepoPath: file, Refs: refs("code.txt"), Reviewed: tt.reviewed}})
					if err != nil {
						t.Fatal(err)
					}
					want := file + ":5: " + tt.warning
					if file == "docs/gone.md" {
						want = file + ": " + tt.warning
					}
					if baseline == BaselineIndex && strings.Contains(tt.warning, "not a date") {
						continue // read by the git baseline only
					}
					found := false
					for _, w := range rep.Warnings {
						found = found || strings.HasPrefix(w.String(), want)
					}
					if !found {
						t.Errorf("%s baseline: warnings %v, want one starting %q", baseline, rep.Warnings, want)
					}
				}
			}
		})
	}
}
