package stalesnap

import (
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// TestDocLevels: a document's refs as written, with what the snapshot
// says changed, give its level (the worst ref, a modification ageing into
// stale past the threshold), every ref's state in the written order, and
// the reason naming the worst, then oldest, change.
func TestDocLevels(t *testing.T) {
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	refs := []index.SourceRef{{Path: "a.go", Line: 4}, {Path: "b.go", Line: 5}, {Path: "c.go", Line: 6}}
	recent := stale.RefResult{Ref: "a.go", Line: 4, Level: stale.PossiblyStale, Reason: stale.Modified,
		Commit: "0123456789abcdef", Author: "Ana", ChangedAt: now.Add(-24 * time.Hour)}
	old := stale.RefResult{Ref: "b.go", Line: 5, Level: stale.PossiblyStale, Reason: stale.Modified,
		ChangedAt: now.Add(-30 * 24 * time.Hour), Uncommitted: true}
	cases := []struct {
		name      string
		doc       Doc
		level     stale.Level
		staleRefs []string
		summary   string
	}{
		{"untracked", Doc{}, stale.Untracked, []string{}, ""},
		{"fresh", Doc{Tracked: true}, stale.Fresh, []string{}, ""},
		{"recent change", Doc{Tracked: true, Changed: []stale.RefResult{recent}}, stale.PossiblyStale, []string{"a.go"},
			"a.go modified in commit 0123456789ab by Ana on 2026-02-28, git baseline"},
		{"an old change is stale and sets the reason", Doc{Tracked: true, Changed: []stale.RefResult{recent, old}}, stale.Stale,
			[]string{"a.go", "b.go"}, "b.go modified (uncommitted) on 2026-01-30 (2 refs changed), git baseline"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := DocLevels("git", refs, tc.doc, now, 7)
			if got.Level != tc.level || strings.Join(got.StaleRefs, ",") != strings.Join(tc.staleRefs, ",") {
				t.Errorf("level %s, stale refs %v; want %s, %v", got.Level, got.StaleRefs, tc.level, tc.staleRefs)
			}
			if len(got.Refs) != len(refs) || got.Refs[2].Ref != "c.go" || got.Refs[2].Changed {
				t.Errorf("refs %+v, want all three in order, c.go unchanged", got.Refs)
			}
			switch {
			case tc.summary == "" && got.Reason != nil:
				t.Errorf("reason %+v, want none", got.Reason)
			case tc.summary != "" && (got.Reason == nil || got.Reason.Summary != tc.summary):
				t.Errorf("reason %+v, want summary %q", got.Reason, tc.summary)
			}
		})
	}
}

// TestSortStaleList: stale before possibly_stale, then the oldest change
// (changes without a time last), then by path.
func TestSortStaleList(t *testing.T) {
	l := []answer.StaleDocument{
		{Filepath: "p1.md", Level: stale.PossiblyStale, Reason: answer.StaleReason{ChangedAt: "2026-01-02T00:00:00Z"}},
		{Filepath: "s-untimed.md", Level: stale.Stale},
		{Filepath: "s2.md", Level: stale.Stale, Reason: answer.StaleReason{ChangedAt: "2026-01-02T00:00:00Z"}},
		{Filepath: "s1.md", Level: stale.Stale, Reason: answer.StaleReason{ChangedAt: "2026-01-01T00:00:00Z"}},
		{Filepath: "s0.md", Level: stale.Stale, Reason: answer.StaleReason{ChangedAt: "2026-01-02T00:00:00Z"}},
	}
	SortStaleList(l)
	var got []string
	for _, d := range l {
		got = append(got, d.Filepath)
	}
	if want := "s1.md s0.md s2.md s-untimed.md p1.md"; strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
}

func TestMoved(t *testing.T) {
	a := []stale.Fingerprint{{Exists: true, Size: 3, MTime: 7}}
	cases := []struct {
		name     string
		now, rec []stale.Fingerprint
		want     bool
	}{
		{"same", a, []stale.Fingerprint{{Exists: true, Size: 3, MTime: 7}}, false},
		{"mtime moved", a, []stale.Fingerprint{{Exists: true, Size: 3, MTime: 8}}, true},
		{"a ref more", a, nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Moved(tc.now, tc.rec); got != tc.want {
				t.Errorf("Moved = %v, want %v", got, tc.want)
			}
		})
	}
}
