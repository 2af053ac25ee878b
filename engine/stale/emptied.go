package stale

import "os"

// emptiedFolder reports whether a folder ref that is still on disk holds
// nothing git knows of: every file its history touched was deleted last
// (or moved away), and no uncommitted change adds one. git mv leaves the
// emptied folder behind, and ignored files (a build's output) may stay in
// it; a fresh clone has no such folder. The ref is then missing, deleted
// or moved, not modified, as it was until 2026-11-27.
func emptiedFolder(r resolvedRef, t *target) bool {
	if r.kind != kindPath || r.ref.Symbol != "" || !gitHoldsNone(t) {
		return false
	}
	fi, err := os.Stat(r.real)
	return err == nil && fi.IsDir()
}

// gitHoldsNone reports whether the last change git records for every
// path under the target is a deletion, with no uncommitted file added
// since (untracked ones included; ignored ones are not listed).
func gitHoldsNone(t *target) bool {
	if len(t.changes) == 0 {
		return false
	}
	seen := map[string]bool{}
	for _, c := range t.changes { // newest first
		if seen[c.path] {
			continue
		}
		seen[c.path] = true
		if c.status != 'D' {
			return false
		}
	}
	for _, e := range t.dirty {
		if !e.deleted {
			return false
		}
	}
	return true
}

// emptiedSince reports whether a folder ref that held files when the
// index baseline was recorded holds none now (an empty folder is left).
func emptiedSince(r resolvedRef, stored, cur Fingerprint) bool {
	return r.kind == kindPath && r.ref.Symbol == "" && cur.Exists && cur.Files == 0 && stored.Files > 0
}

// lastRemovals are the changes that took the target's paths out of git
// last, newest first: each path's newest change, when every one is a
// deletion (or a move away) and nothing uncommitted was added since; nil
// otherwise. For a ref gone before its baseline they tell which commit
// took it out, so that a move then is still reported (see goneBy).
func lastRemovals(t *target) []change {
	if !gitHoldsNone(t) {
		return nil
	}
	var out []change
	seen := map[string]bool{}
	for _, c := range t.changes {
		if !seen[c.path] {
			seen[c.path] = true
			out = append(out, c)
		}
	}
	return out
}
