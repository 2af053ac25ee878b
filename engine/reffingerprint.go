package engine

import (
	"database/sql"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// storedFingerprint turns a source_refs row's baseline back into a
// stale.Fingerprint.
func storedFingerprint(sha sql.NullString, size, mtime sql.NullInt64) stale.Fingerprint {
	return stale.Fingerprint{Exists: sha.Valid, SHA256: sha.String, Size: size.Int64, MTime: mtime.Int64}
}

// parseSyncedAt reads source_refs.synced_at; a malformed value counts as
// unknown (zero), which only makes re-checks hash more.
func parseSyncedAt(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
