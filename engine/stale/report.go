package stale

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// listed returns the documents a report shows for threshold: at or above it,
// worst level first, then by path.
func (r Report) listed(threshold Level) []DocResult {
	docs := r.AtOrAbove(threshold)
	sort.SliceStable(docs, func(i, j int) bool {
		a, b := docs[i], docs[j]
		if a.Level.Rank() != b.Level.Rank() {
			return a.Level.Rank() > b.Level.Rank()
		}
		return displayPath(a) < displayPath(b)
	})
	return docs
}

// changedRefs returns the refs that count against a document.
func changedRefs(d DocResult) []RefResult {
	var out []RefResult
	for _, r := range d.Refs {
		if r.Changed() {
			out = append(out, r)
		}
	}
	return out
}

// levelsWorstFirst orders the count lines of every report.
var levelsWorstFirst = []Level{Stale, PossiblyStale, Fresh, Untracked}

// countsLine is "2 stale, 1 possibly_stale, 5 fresh, 3 untracked".
func (r Report) countsLine() string {
	parts := make([]string, len(levelsWorstFirst))
	for i, l := range levelsWorstFirst {
		parts[i] = fmt.Sprintf("%d %s", r.Counts[l], l)
	}
	return strings.Join(parts, ", ")
}

func shortHash(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}

// age says how long before now t was: "less than a day ago", "1 day ago",
// "12 days ago".
func age(now, t time.Time) string {
	days := int(now.Sub(t) / (24 * time.Hour))
	switch {
	case days <= 0:
		return "less than a day ago"
	case days == 1:
		return "1 day ago"
	}
	return fmt.Sprintf("%d days ago", days)
}

// changeSummary is `3f2a1bc "fix the parser" by Alice, 2026-11-01 (21
// days ago), 3 commits since`, "uncommitted, 2026-11-21 (less than a day
// ago)" or "".
func (r Report) changeSummary(ref RefResult) string {
	var parts []string
	switch {
	case ref.Commit != "":
		s := shortHash(ref.Commit)
		if ref.Subject != "" {
			s += " " + strconv.Quote(shortSubject(ref.Subject))
		}
		if ref.Author != "" {
			s += " by " + ref.Author
		}
		parts = append(parts, s)
	case ref.Uncommitted:
		parts = append(parts, "uncommitted")
	}
	if !ref.ChangedAt.IsZero() {
		parts = append(parts, fmt.Sprintf("%s (%s)", ref.ChangedAt.Format(time.DateOnly), age(r.GeneratedAt, ref.ChangedAt)))
	}
	if ref.Commits > 0 {
		parts = append(parts, commitsSince(ref.Commits))
	}
	return strings.Join(parts, ", ")
}

// incompleteNote says what an incomplete report means.
const incompleteNote = "the history fetched (a shallow clone) hides some documents' commits, so levels may be too low; a check asked for an exit code exits 2 unless something is stale"

// maxSubjectRunes is how much of a commit subject text and Markdown show
// (JSON and SARIF carry all of it).
const maxSubjectRunes = 72

// shortSubject is a commit subject on one line, cut to maxSubjectRunes.
func shortSubject(s string) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > maxSubjectRunes {
		return string(r[:maxSubjectRunes-1]) + "…"
	}
	return s
}

// commitsSince is "1 commit since" or "3 commits since".
func commitsSince(n int) string { return count(n, "commit", "commits") + " since" }

// count is n with its noun, singular for 1: "1 day", "7 days".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// displayPath is the path reports show for a document: from the git root
// (or project root, see Report.PathsFrom), else from the docs folder.
func displayPath(d DocResult) string {
	if d.RepoPath != "" {
		return d.RepoPath
	}
	return d.Filepath
}

// rootLine says what the paths of a report start from.
func (r Report) rootLine() string {
	switch {
	case r.PathsFrom == RootGit && r.ProjectPrefix != "":
		return "paths from the git root (project in " + strings.TrimSuffix(r.ProjectPrefix, "/") + "/)"
	case r.PathsFrom == RootGit:
		return "paths from the git root"
	}
	return "paths from the project root"
}

// projectWide reports whether a warning is about the whole project (a
// shallow clone, an index baseline recorded just now), not one file: it
// names no file ("" or ".").
func projectWide(w index.Warning) bool { return w.File == "" || w.File == "." }

// warningLocation is where a report says a warning is: "file:line",
// "file", or "" for a project-wide one, printed without a location.
func warningLocation(w index.Warning) string {
	switch {
	case projectWide(w):
		return ""
	case w.Line > 0:
		return fmt.Sprintf("%s:%d", w.File, w.Line)
	}
	return w.File
}
