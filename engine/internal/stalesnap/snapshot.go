package stalesnap

import (
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// Doc is one document of a snapshot: whether it has refs that were
// checked, those that changed or were rejected, and what each of its refs
// (in the order ReadInputs reads them) looked like just before the check.
type Doc struct {
	Version string // Input.Version when checked
	Tracked bool
	// Changed holds the refs that changed and, with Reason stale.Rejected,
	// those refused unread: the few a document's refs need more than "as
	// written, unchanged" for.
	Changed []stale.RefResult
	Stats   []stale.Fingerprint
}

// Header is what a snapshot was made for and when.
type Header struct {
	Key       Key
	Baseline  string // git or index
	CheckedAt time.Time
}

// Of turns a report over docs into a snapshot's documents; stats are the
// refs' fingerprints taken just before the check, by document id.
func Of(rep stale.Report, docs []Input, stats map[int64][]stale.Fingerprint) map[int64]Doc {
	ids := make(map[string]int64, len(docs))
	versions := make(map[int64]string, len(docs))
	for _, d := range docs {
		ids[d.In.Filepath] = d.ID
		versions[d.ID] = d.Version
	}
	out := make(map[int64]Doc, len(rep.Documents))
	for _, d := range rep.Documents {
		id, ok := ids[d.Filepath]
		if !ok {
			continue
		}
		sd := Doc{Version: versions[id], Tracked: len(d.Refs) > 0, Stats: stats[id]}
		for _, r := range d.Refs {
			if r.Changed() {
				sd.Changed = append(sd.Changed, r)
			}
		}
		sd.Changed = append(sd.Changed, d.Rejected...)
		out[id] = sd
	}
	return out
}

// Moved reports whether the stats of a document's refs differ from those
// recorded.
func Moved(now, recorded []stale.Fingerprint) bool {
	if len(now) != len(recorded) {
		return true
	}
	for i := range now {
		if now[i] != recorded[i] {
			return true
		}
	}
	return false
}
