package stale

import (
	"context"
	"slices"
)

// findRefMoves turns the deleted file refs whose deleting commit
// moved the file (git mv, with its content kept or lightly edited: git's
// rename detection at its default similarity, 50 %) into Moved refs
// naming where the file went, so the document can be fixed; a Go
// declaration's ref names the new file with its #Symbol. One `git log
// --no-walk` over the deleting commits, run only when a ref was deleted
// by a commit; under either baseline. History is read limited to the refs, where git sees such
// a move as a deletion; until 2026-11-27 the ref was reported deleted,
// with no hint of where it went. A folder ref stays deleted.
func findRefMoves(ctx context.Context, g *gitRepo, refs []plannedRef) error {
	type movable struct {
		out    *RefResult
		symbol string // a Go declaration's name, "" for a file
	}
	wanted := map[string][]movable{} // commit hash + "\x00" + repo path of the file
	var hashes []string
	for _, pr := range refs {
		out := pr.out
		if out.Reason != Deleted || out.Commit == "" || pr.r.kind != kindPath || pr.r.dirHint {
			continue
		}
		k := out.Commit + "\x00" + g.repoPath(pr.r.gitPath())
		if len(wanted[k]) == 0 && !slices.Contains(hashes, out.Commit) {
			hashes = append(hashes, out.Commit)
		}
		wanted[k] = append(wanted[k], movable{out: out, symbol: pr.r.ref.Symbol})
	}
	if len(hashes) == 0 {
		return nil
	}
	return readMovesAt(ctx, g, hashes, "--find-renames", func(hash string, f fileChange) {
		for _, m := range wanted[hash+"\x00"+f.from] {
			to, ok := g.projectPath(f.path)
			if !ok {
				to = f.path // outside the project: as git names it
			}
			if m.symbol != "" {
				to += "#" + m.symbol
			}
			m.out.Reason, m.out.MovedTo = Moved, to
		}
	})
}
