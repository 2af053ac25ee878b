package stalesnap

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// Levels is one document's current staleness, as pages, search results
// and status show it.
type Levels struct {
	Level     stale.Level
	Reason    *answer.StaleReason // nil when fresh or untracked
	Refs      []answer.RefStatus  // every source ref, in the order written
	StaleRefs []string            // the refs that changed, as written
}

// DocLevels combines a document's refs (as written) with what the
// snapshot (checked under baseline) says of it in sd, leveled at now.
func DocLevels(baseline string, refs []index.SourceRef, sd Doc, now time.Time, thresholdDays int) Levels {
	changed := make(map[string]stale.RefResult, len(sd.Changed))
	for _, r := range sd.Changed {
		changed[fmt.Sprintf("%d\x00%s", r.Line, r.Ref)] = r
	}
	out := Levels{Level: stale.Untracked, Refs: make([]answer.RefStatus, 0, len(refs)), StaleRefs: []string{}}
	if sd.Tracked {
		out.Level = stale.Fresh
	}
	var worst *stale.RefResult
	var worstLevel stale.Level
	for _, ref := range refs {
		st := answer.RefStatus{Ref: ref.String(), Line: ref.Line}
		r, ok := changed[fmt.Sprintf("%d\x00%s", ref.Line, ref.String())]
		switch {
		case ok && r.Reason == stale.Rejected:
			st.Rejected = r.Why
		case ok:
			l := r.LevelAt(now, thresholdDays)
			st.Changed, st.Reason, st.Level = true, r.Reason, l
			st.Commit, st.Author, st.Uncommitted, st.MovedTo = r.Commit, r.Author, r.Uncommitted, r.MovedTo
			st.ChangedAt = formatTime(r.ChangedAt)
			out.StaleRefs = append(out.StaleRefs, st.Ref)
			if l.Rank() > out.Level.Rank() {
				out.Level = l
			}
			if worst == nil || l.Rank() > worstLevel.Rank() || (l == worstLevel && olderChange(r, *worst)) {
				rc := r
				worst, worstLevel = &rc, l
			}
		}
		out.Refs = append(out.Refs, st)
	}
	if worst != nil {
		out.Reason = reasonOf(baseline, *worst, len(out.StaleRefs))
	}
	return out
}

// olderChange orders changes by time, those without a time last.
func olderChange(a, b stale.RefResult) bool {
	if a.ChangedAt.IsZero() != b.ChangedAt.IsZero() {
		return !a.ChangedAt.IsZero()
	}
	return a.ChangedAt.Before(b.ChangedAt)
}

// formatTime writes t in RFC 3339, in UTC so that times compare as
// strings.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// reasonOf describes the change r of a document with n changed refs.
func reasonOf(baseline string, r stale.RefResult, n int) *answer.StaleReason {
	sr := &answer.StaleReason{
		Baseline: baseline, Ref: r.Ref, Line: r.Line, Reason: r.Reason,
		Commit: r.Commit, Author: r.Author, ChangedAt: formatTime(r.ChangedAt), Uncommitted: r.Uncommitted,
		MovedTo: r.MovedTo, ChangedRefs: n,
	}
	msg := r.Ref + " " + strings.ReplaceAll(string(r.Reason), "_", " ")
	if r.MovedTo != "" {
		msg += " to " + r.MovedTo
	}
	switch {
	case r.Commit != "":
		short := r.Commit
		if len(short) > 12 {
			short = short[:12]
		}
		msg += " in commit " + short
		if r.Author != "" {
			msg += " by " + r.Author
		}
	case r.Uncommitted:
		msg += " (uncommitted)"
	}
	if !r.ChangedAt.IsZero() {
		msg += " on " + r.ChangedAt.Format(time.DateOnly)
	}
	if n > 1 {
		msg += fmt.Sprintf(" (%d refs changed)", n)
	}
	sr.Summary = msg + ", " + baseline + " baseline"
	return sr
}

// SortStaleList puts stale before possibly_stale, then the oldest change
// first, then by path: the order of Status.StaleList.
func SortStaleList(l []answer.StaleDocument) {
	sort.Slice(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Level != b.Level {
			return a.Level.Rank() > b.Level.Rank()
		}
		if a.Reason.ChangedAt != b.Reason.ChangedAt {
			if a.Reason.ChangedAt == "" || b.Reason.ChangedAt == "" {
				return b.Reason.ChangedAt == ""
			}
			return a.Reason.ChangedAt < b.Reason.ChangedAt
		}
		return strings.Compare(a.Filepath, b.Filepath) < 0
	})
}
