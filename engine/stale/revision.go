package stale

// CheckRevision is the revision of the staleness check. Raise it with any
// change that makes the check answer differently for the same repository
// and index (a reason, a commit, where a moved ref went): the snapshot an
// index stores for search results, pages and status (migration 0006)
// records the revision that computed it, and one of another revision is
// computed again instead of served, so an upgraded ubp never shows the
// answers of the binary before it. 1: refs moved before their document's
// baseline name where they went, and a change after a revert is dated by
// itself (2026-11-28). 2: a ref naming a file whose name on disk differs
// only in Unicode normalization (NFD データ.go for an NFC ref) is that file,
// no longer not_found (2026-11-28).
const CheckRevision = 2
