package writer

import (
	"context"

	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// refFingerprint records what a source ref points at when a document is
// synced (the index baseline): the SHA-256 of the file, folder tree, glob
// matches or Go declaration, and the size and modification time (unix
// nanoseconds; folders and globs: total size, latest mtime) used for cheap
// re-checks. sha is nil when the ref does not exist; size and mtime are
// nil when there is nothing on disk to stat (for a missing Go declaration
// in an existing file they are the file's). A ref rejected by
// stale.CheckPath (absolute, escaping the root) is never read: all nil.
//
// refs (one per indexing run, nil when the root could not be resolved)
// hashes each distinct ref once however many documents name it.
func refFingerprint(refs *stale.RefStatter, ref index.SourceRef) (sha *string, size, mtime *int64) {
	if refs == nil {
		return nil, nil, nil
	}
	fp, err := refs.Fingerprint(ref)
	if err != nil {
		return nil, nil, nil
	}
	if fp.Exists {
		s := fp.SHA256
		sha = &s
	}
	if fp.Exists || fp.Size != 0 || fp.MTime != 0 {
		sz, mt := fp.Size, fp.MTime
		size, mtime = &sz, &mt
	}
	return sha, size, mtime
}

// sourceRefWarnings names each ref of a document that staleness checks
// will refuse (absolute, escaping the project root, through a symlink too,
// malformed), so indexing can report it with the document and line. It
// decides as the check does (stale.Rejecter): a file whose name holds '#'
// deleted since (notes/c#.md) is not refused, when a commit held it or
// recorded (the refs whose baseline says they existed, by
// SourceRef.String()) holds it. rj nil (the root unresolved): nothing is
// named, as nothing can be checked.
func sourceRefWarnings(ctx context.Context, rj *stale.Rejecter, docPath string, refs []index.SourceRef, recorded map[string]bool) ([]index.Warning, error) {
	if rj == nil {
		return nil, nil
	}
	var out []index.Warning
	for _, ref := range refs {
		rej, err := rj.Rejection(ctx, ref, func(key string) bool { return recorded[key] })
		if err != nil {
			return nil, err
		}
		if rej != nil {
			out = append(out, index.Warning{File: docPath, Line: ref.Line, Message: rej.Error()})
		}
	}
	return out, nil
}
