package stale

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// wantRef is the expected state of one ref: commit names a fixture commit
// ("" for none).
type wantRef struct {
	ref         string
	level       Level
	reason      Reason
	commit      string
	author      string
	changedAt   string // RFC 3339, "" for none
	uncommitted bool
}

func findDoc(t *testing.T, rep Report, filepath string) DocResult {
	t.Helper()
	for _, d := range rep.Documents {
		if d.Filepath == filepath {
			return d
		}
	}
	t.Fatalf("document %s missing from the report", filepath)
	return DocResult{}
}

func checkRefs(t *testing.T, f *fixture, d DocResult, want []wantRef) {
	t.Helper()
	if len(d.Refs) != len(want) {
		t.Fatalf("%s: %d refs %+v, want %d", d.Filepath, len(d.Refs), d.Refs, len(want))
	}
	for i, w := range want {
		got := d.Refs[i]
		if got.Ref != w.ref || got.Level != w.level || got.Reason != w.reason {
			t.Errorf("%s ref %d: got %s %s %q, want %s %s %q", d.Filepath, i, got.Ref, got.Level, got.Reason, w.ref, w.level, w.reason)
		}
		wantCommit := ""
		if w.commit != "" {
			wantCommit = f.commits[w.commit]
		}
		if got.Commit != wantCommit || got.Author != w.author || got.Uncommitted != w.uncommitted {
			t.Errorf("%s %s: commit %q author %q uncommitted %v, want commit %s (%q) author %q uncommitted %v",
				d.Filepath, got.Ref, got.Commit, got.Author, got.Uncommitted, w.commit, wantCommit, w.author, w.uncommitted)
		}
		var wantAt time.Time
		if w.changedAt != "" {
			wantAt = mustTime(t, w.changedAt)
		}
		if !got.ChangedAt.Equal(wantAt) {
			t.Errorf("%s %s: changed at %v, want %v", d.Filepath, got.Ref, got.ChangedAt, wantAt)
		}
	}
}

func TestCheckGitBaseline(t *testing.T) {
	f := newFixture(t)
	rep, err := Check(context.Background(), Options{Root: f.repo.dir, Baseline: BaselineGit, Now: f.now}, f.docs)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != BaselineGit || rep.ThresholdDays != 7 || rep.CommitURL != "https://github.com/ubp-dev/example/commit/" {
		t.Errorf("report header: baseline %q threshold %d commit url %q", rep.Baseline, rep.ThresholdDays, rep.CommitURL)
	}
	tests := []struct {
		doc   string
		level Level
		refs  []wantRef
	}{
		{"fresh.md", Fresh, []wantRef{{ref: "src/b.txt", level: Fresh}}},
		{"modified-old.md", Stale, []wantRef{{"old.txt", Stale, Modified, "change", "Bo Chen", "2026-02-10T09:00:00Z", false}}},
		{"modified-new.md", PossiblyStale, []wantRef{{"new.txt", PossiblyStale, Modified, "recent", "Cy Diaz", "2026-02-27T09:00:00Z", false}}},
		{"deleted.md", Stale, []wantRef{{"gone.txt", Stale, Deleted, "delete", "Bo Chen", "2026-02-12T09:00:00Z", false}}},
		{"not-found.md", Stale, []wantRef{{ref: "never.txt", level: Stale, reason: NotFound}}},
		{"folder.md", Stale, []wantRef{{"lib/x/", Stale, Modified, "change", "Bo Chen", "2026-02-10T09:00:00Z", false}}},
		{"glob.md", PossiblyStale, []wantRef{{"pkg/**/*.go", PossiblyStale, Modified, "recent", "Cy Diaz", "2026-02-27T09:00:00Z", false}}},
		{"glob-fresh.md", Fresh, []wantRef{{ref: "pkg/*.go", level: Fresh}}},
		{"sym-changed.md", Stale, []wantRef{{"src/a.go#Alpha", Stale, Modified, "change", "Bo Chen", "2026-02-10T09:00:00Z", false}}},
		{"sym-other.md", Fresh, []wantRef{
			{ref: "src/a.go#Beta", level: Fresh}, {ref: "src/a.go#T.M", level: Fresh},
			{ref: "src/a.go#Limit", level: Fresh}, {ref: "src/a.go#T", level: Fresh},
		}},
		{"sym-renamed.md", Stale, []wantRef{{"src/a.go#Gamma", Stale, NotFound, "change", "Bo Chen", "2026-02-10T09:00:00Z", false}}},
		{"reviewed.md", Stale, []wantRef{
			{ref: "rev1.txt", level: Fresh},
			{"rev2.txt", Stale, Modified, "rev2", "Bo Chen", "2026-02-20T09:00:00Z", false},
		}},
		{"reviewed-all.md", Fresh, []wantRef{{ref: "rev1.txt", level: Fresh}}},
		{"uncommitted.md", PossiblyStale, []wantRef{{ref: "wip.txt", level: PossiblyStale, reason: Modified, changedAt: "2026-02-28T12:00:00Z", uncommitted: true}}},
		{"later.md", Fresh, []wantRef{{ref: "later.txt", level: Fresh}}},
		{"same.md", Fresh, []wantRef{{ref: "same.txt", level: Fresh}}},
		{"dirty-doc.md", Fresh, []wantRef{{ref: "old.txt", level: Fresh}}},
		{"untracked.md", Untracked, nil},
		{"rejected.md", Fresh, []wantRef{{ref: "src/b.txt", level: Fresh}}},
		{"only-rejected.md", Untracked, nil},
	}
	for _, tt := range tests {
		t.Run(tt.doc, func(t *testing.T) {
			d := findDoc(t, rep, tt.doc)
			if d.Level != tt.level {
				t.Errorf("level %s, want %s (refs %+v)", d.Level, tt.level, d.Refs)
			}
			if d.RepoPath != "docs/"+tt.doc {
				t.Errorf("repo path %q", d.RepoPath)
			}
			checkRefs(t, f, d, tt.refs)
		})
	}
	wantCounts := map[Level]int{Fresh: 8, PossiblyStale: 3, Stale: 7, Untracked: 2}
	for l, n := range wantCounts {
		if rep.Counts[l] != n {
			t.Errorf("counts[%s] = %d, want %d (all %v)", l, rep.Counts[l], n, rep.Counts)
		}
	}
	wantWarnings := []string{
		`docs/only-rejected.md:4: source_ref "src/../../x.txt" rejected: the path escapes the project root`,
		`docs/rejected.md:4: source_ref "/etc/passwd" rejected: absolute paths are not allowed`,
		`docs/rejected.md:5: source_ref "../outside.txt" rejected: the path escapes the project root`,
		`docs/rejected.md:6: source_ref "escape/secret.txt" rejected: the path leads outside the project root through a symlink`,
	}
	if len(rep.Warnings) != len(wantWarnings) {
		t.Fatalf("warnings %v, want %d", rep.Warnings, len(wantWarnings))
	}
	for i, w := range wantWarnings {
		if got := rep.Warnings[i].String(); !strings.HasPrefix(got, w) {
			t.Errorf("warning %d = %q, want prefix %q", i, got, w)
		}
	}
	if !rep.HasAtOrAbove(Stale) || len(rep.AtOrAbove(Stale)) != 7 || len(rep.AtOrAbove(PossiblyStale)) != 10 {
		t.Errorf("AtOrAbove: stale %d, possibly_stale %d", len(rep.AtOrAbove(Stale)), len(rep.AtOrAbove(PossiblyStale)))
	}
}

// TestCheckAutoBaseline: auto picks git in a work tree and index outside.
func TestCheckAutoBaseline(t *testing.T) {
	f := newFixture(t)
	rep, err := Check(context.Background(), Options{Root: f.repo.dir, Now: f.now}, f.docs[:1])
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != BaselineGit {
		t.Errorf("auto in a git work tree: %q", rep.Baseline)
	}
	plain := t.TempDir()
	rep, err = Check(context.Background(), Options{Root: plain, Baseline: BaselineAuto, Now: f.now}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Baseline != BaselineIndex {
		t.Errorf("auto outside git: %q", rep.Baseline)
	}
	if _, err := Check(context.Background(), Options{Root: plain, Baseline: BaselineGit}, nil); err == nil || !strings.Contains(err.Error(), "git work tree") {
		t.Errorf("git baseline outside git: %v", err)
	}
	if _, err := Check(context.Background(), Options{Root: plain, Baseline: "svn"}, nil); err == nil || !strings.Contains(err.Error(), `"svn"`) {
		t.Errorf("unknown baseline: %v", err)
	}
	if _, err := Check(context.Background(), Options{Root: plain, ThresholdDays: -1}, nil); err == nil {
		t.Error("negative threshold accepted")
	}
}

// TestThresholdBoundary: a change exactly threshold_days old is stale, one
// a second younger is possibly_stale.
func TestThresholdBoundary(t *testing.T) {
	r := newTestRepo(t)
	r.write("code.txt", "v1\n")
	r.write("doc.md", "---\nsource_refs: [code.txt]\n---\n")
	r.commit("2026-01-01T00:00:00Z", "Ana Lima", "init")
	r.write("code.txt", "v2\n")
	r.commit("2026-01-10T00:00:00Z", "Ana Lima", "change")
	changed := mustTime(t, "2026-01-10T00:00:00Z")
	docs := []DocInput{{Filepath: "doc.md", RepoPath: "doc.md", Refs: refs("code.txt")}}
	for _, tt := range []struct {
		threshold int
		now       time.Time
		want      Level
	}{
		{7, changed.Add(7 * 24 * time.Hour), Stale},
		{7, changed.Add(7*24*time.Hour - time.Second), PossiblyStale},
		{7, changed, PossiblyStale},
		{30, changed.Add(29 * 24 * time.Hour), PossiblyStale},
		{30, changed.Add(30 * 24 * time.Hour), Stale},
		{1, changed.Add(24 * time.Hour), Stale},
	} {
		t.Run(fmt.Sprint(tt.threshold, " days, ", tt.now.Sub(changed)), func(t *testing.T) {
			rep, err := Check(context.Background(), Options{Root: r.dir, Baseline: BaselineGit, ThresholdDays: tt.threshold, Now: tt.now}, docs)
			if err != nil {
				t.Fatal(err)
			}
			if got := rep.Documents[0].Level; got != tt.want {
				t.Errorf("threshold %d, now %v: %s, want %s", tt.threshold, tt.now, got, tt.want)
			}
		})
	}
}

// refs builds source refs written path or path#Symbol, from line 2 on.
func refs(paths ...string) []index.SourceRef {
	out := make([]index.SourceRef, len(paths))
	for i, p := range paths {
		path, sym, _ := strings.Cut(p, "#")
		out[i] = index.SourceRef{Path: path, Symbol: sym, Line: 2 + i}
	}
	return out
}
