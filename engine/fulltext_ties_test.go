package engine

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestFulltextTiesOrderAsAFreshIndex: sections of equal rank are listed in
// the same order by an index kept up to date run by run (ubp serve's
// watcher, ubp index after edits) as by a fresh index of the same files:
// by page, then by their place in it. Until 2026-11-28 they were in the
// order their rows were written, so a page added later, or a section
// added above its twins, came after them where a fresh index put it
// first, and a limit cut another set of hits.
func TestFulltextTiesOrderAsAFreshIndex(t *testing.T) {
	filler := strings.Repeat("plain words to give the section some length. ", 6)
	sec := func(h string) string { return "## " + h + "\n\nzzqx " + filler + "\n\n" }
	// Twins in rank with texts of their own (the same length, the same
	// words but one), so each keeps its row when they swap places.
	own := func(h, w string) string { return "## " + h + "\n\nzzqx " + w + " " + filler + "\n\n" }
	for _, tc := range []struct {
		name          string
		before, after map[string]string
	}{
		{
			name:   "page added beside its twin",
			before: map[string]string{"b.md": "# B\n\n" + sec("One")},
			after:  map[string]string{"a.md": "# A\n\n" + sec("One"), "b.md": "# B\n\n" + sec("One")},
		},
		{
			name:   "section added above its twins",
			before: map[string]string{"a.md": "# A\n\n" + sec("One") + sec("Two")},
			after:  map[string]string{"a.md": "# A\n\n" + sec("Six") + sec("One") + sec("Two")},
		},
		{
			name:   "sections swapped",
			before: map[string]string{"a.md": "# A\n\n" + own("One", "alpha") + own("Two", "bravo")},
			after:  map[string]string{"a.md": "# A\n\n" + own("Two", "bravo") + own("One", "alpha")},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kept := searchProject(t, tc.before, "none")
			coreWriteFiles(t, kept.Project().DocsDir(), tc.after)
			coreIndex(t, kept, false)
			fresh := searchProject(t, tc.after, "none")
			for _, limit := range []int{1, 10} {
				o := FulltextOptions{Query: "zzqx", Limit: limit}
				got, want := hitPlaces(mustFulltext(t, kept, o)), hitPlaces(mustFulltext(t, fresh, o))
				if !slices.Equal(got, want) {
					t.Errorf("limit %d: kept index lists %v, a fresh one %v", limit, got, want)
				}
			}
		})
	}
}

// hitPlaces names each hit by its file and line, with its rank.
func hitPlaces(res FulltextResult) []string {
	out := make([]string, len(res.Results))
	for i, h := range res.Results {
		out[i] = fmt.Sprintf("%s:%d (%g)", h.Filepath, h.Line, h.Rank)
	}
	return out
}
