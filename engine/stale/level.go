package stale

// Level is a document's staleness.
type Level string

// Staleness levels, from best to worst. Untracked documents declare no refs.
const (
	Fresh         Level = "fresh"
	PossiblyStale Level = "possibly_stale"
	Stale         Level = "stale"
	Untracked     Level = "untracked"
)

// Reason says why a ref counts as changed.
type Reason string

// Reasons for a changed ref.
const (
	Modified Reason = "modified"  // content differs from the baseline
	Deleted  Reason = "deleted"   // existed at the baseline, gone now
	NotFound Reason = "not_found" // never existed (or the Go symbol does not)
	// Moved: existed at the baseline and was moved since (git mv, kept
	// or lightly edited): RefResult.MovedTo names where it went.
	Moved Reason = "moved"
	// Rejected: refused before anything was read (see CheckPath), so never
	// checked; such a ref counts for no level.
	Rejected Reason = "rejected"
)

// Rank orders levels for `--level` comparisons: untracked < fresh <
// possibly_stale < stale.
func (l Level) Rank() int {
	switch l {
	case Fresh:
		return 1
	case PossiblyStale:
		return 2
	case Stale:
		return 3
	default:
		return 0
	}
}
