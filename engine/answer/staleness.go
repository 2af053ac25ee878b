package answer

import (
	"github.com/ubp-dev/ubp/engine/stale"
)

// RefStatus is one source_ref of a document and its current state. For a
// changed ref, Level, Commit, Author and ChangedAt say how and when, as
// `ubp stale` reports it (see StaleReason).
type RefStatus struct {
	Ref         string       `json:"ref"` // path or path#Symbol as written
	Line        int          `json:"line"`
	Changed     bool         `json:"changed"`
	Reason      stale.Reason `json:"reason,omitempty"`
	Level       stale.Level  `json:"level,omitempty"`
	Commit      string       `json:"commit,omitempty"`
	Author      string       `json:"author,omitempty"`
	ChangedAt   string       `json:"changed_at,omitempty"` // RFC 3339
	Uncommitted bool         `json:"uncommitted,omitempty"`
	// MovedTo is where a moved ref went (reason moved), from the project
	// root: what the ref should say now ("../pkg2/" when it left the
	// project, which no ref can name).
	MovedTo string `json:"moved_to,omitempty"`
	// Rejected says why the ref was refused and never checked (absolute,
	// outside the project, malformed); "" for a ref that was checked.
	Rejected string `json:"rejected,omitempty"`
}

// StaleReason says why a document is not fresh: the baseline it was
// compared with (git or index, as staleness.baseline chose) and the ref
// change that sets its level (the worst, then the oldest). Search results,
// pages and status carry it for every document that is not fresh.
type StaleReason struct {
	Baseline    string       `json:"baseline"`
	Ref         string       `json:"ref"` // as written
	Line        int          `json:"line"`
	Reason      stale.Reason `json:"reason"`
	Commit      string       `json:"commit,omitempty"`
	Author      string       `json:"author,omitempty"`
	ChangedAt   string       `json:"changed_at,omitempty"` // RFC 3339
	Uncommitted bool         `json:"uncommitted,omitempty"`
	MovedTo     string       `json:"moved_to,omitempty"` // reason moved: where the ref went
	// ChangedRefs counts the document's changed refs, this one included.
	ChangedRefs int `json:"changed_refs"`
	// Summary says the same in one line, for people and agents.
	Summary string `json:"summary"`
}

// StaleDocument is one document that is not fresh, in Status.
type StaleDocument struct {
	Filepath string      `json:"filepath"`
	Level    stale.Level `json:"level"`
	Reason   StaleReason `json:"reason"`
}
