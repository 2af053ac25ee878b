package stale

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
)

// findRefMoves turns the deleted refs whose deleting commit moved them
// (git mv, with the content kept or lightly edited: git's rename
// detection at its default similarity, 50 %) into Moved refs naming
// where they went, so the document can be fixed: a file ref names the new
// file (a Go declaration's ref with its #Symbol), a folder ref the new
// folder, when every file the commit took out of the folder went to one
// new folder under the same relative path, or to the project root (a
// folder split between two, or partly deleted, stays deleted). One `git log --no-walk` over the
// deleting commits, run only when a ref was deleted by a commit; under
// either baseline. History is read limited to the refs, where git sees
// such a move as a deletion; until 2026-11-27 the ref, a file's or a
// folder's, was reported deleted, with no hint of where it went. A ref
// moved again by later commits is followed to where it is now (see
// followMoves); one moved out of a project that is a folder of its
// repository names where it went from the project root ("../pkg2/").
func findRefMoves(ctx context.Context, g *gitRepo, refs []plannedRef) error {
	wanted := map[string][]*moveEnd{} // commit hash + "\x00" + repo path of the file
	folders := map[string][]*folderMove{}
	var hashes []string
	// saved are the refs read, as they were: put back unless moved (a
	// ref gone before its baseline, pr.goneBy, is read as deleted by that
	// commit), or moved with a Go declaration its new file lacks.
	saved := map[*RefResult]RefResult{}
	earlier := map[*RefResult]bool{}
	for _, pr := range refs {
		out := pr.out
		if pr.r.kind != kindPath {
			continue
		}
		was := *out
		if pr.goneBy != "" {
			earlier[out] = true
			out.Reason, out.Commit = Deleted, pr.goneBy
		}
		if out.Reason != Deleted || out.Commit == "" {
			continue
		}
		saved[out] = was
		if !slices.Contains(hashes, out.Commit) {
			hashes = append(hashes, out.Commit)
		}
		p := strings.TrimSuffix(g.repoPath(pr.r.gitPath()), "/")
		if pr.r.ref.Symbol == "" { // a missing path may have been a folder
			fm := &folderMove{out: out, dir: p, slash: pr.r.dirHint}
			by := pr.removals
			switch {
			case len(by) > maxFolderRemovals:
				fm.split, by = true, nil // too many to read: it stays deleted
			case !slices.Contains(by, out.Commit):
				by = []string{out.Commit}
			}
			for _, h := range by {
				if !slices.Contains(hashes, h) {
					hashes = append(hashes, h)
				}
				folders[h] = append(folders[h], fm)
			}
		}
		if !pr.r.dirHint {
			k := out.Commit + "\x00" + p
			wanted[k] = append(wanted[k], &moveEnd{out: out, symbol: pr.r.ref.Symbol})
		}
	}
	if len(hashes) == 0 {
		return nil
	}
	var ends []*moveEnd
	read := map[string]commit{}
	err := readMovesAt(ctx, g, hashes, "--find-renames", "RD", func(c commit, f fileChange) {
		read[c.hash] = c
		for _, fm := range folders[c.hash] {
			fm.see(f)
		}
		if f.status != 'R' {
			return
		}
		for _, m := range wanted[c.hash+"\x00"+f.from] {
			m.path = f.path
			m.out.Reason = Moved
			ends = append(ends, m)
		}
	})
	if err != nil {
		return err
	}
	done := map[*folderMove]bool{}
	for _, list := range folders {
		for _, fm := range list {
			if done[fm] || fm.to == "" || fm.split || fm.out.Reason != Deleted {
				continue
			}
			done[fm] = true
			fm.out.Reason = Moved
			ends = append(ends, &moveEnd{out: fm.out, path: fm.to, folder: true, slash: fm.slash})
		}
	}
	for out := range earlier {
		if out.Reason == Moved {
			setMoveCommit(out, read[out.Commit]) // gone before the baseline: its author and date, unread so far
		}
	}
	if err := followMoves(ctx, g, ends); err != nil {
		return err
	}
	var cat *catFile
	defer func() { cat.close() }()
	for _, m := range ends {
		if m.out.Reason != Moved {
			continue
		}
		if m.symbol != "" {
			// The new file must hold the declaration now: a name it
			// never declared (a typo), or one deleted since, would
			// name a ref as broken as the old one.
			found, err := declAtEnd(ctx, g, &cat, m.path, m.symbol)
			if err != nil {
				return err
			}
			if !found {
				*m.out = saved[m.out]
				continue
			}
		}
		m.out.MovedTo = m.refName(g)
	}
	for out := range earlier {
		if out.Reason != Moved {
			*out = saved[out] // deleted, split, or moved on and deleted
		}
	}
	return nil
}

// declAtEnd reports whether the Go file at repository path p holds the
// declaration symbol now (see declOnDisk); *cat is started only for a
// file outside the project, read at HEAD.
func declAtEnd(ctx context.Context, g *gitRepo, cat **catFile, p, symbol string) (bool, error) {
	if rel := g.relPath(p); (rel == ".." || strings.HasPrefix(rel, "../")) && *cat == nil {
		var err error
		if *cat, err = startCatFile(ctx, g); err != nil {
			return false, err
		}
	}
	return declOnDisk(g, *cat, p, symbol)
}

// maxFolderRemovals bounds the commits read for one folder ref emptied
// over several commits: past it the ref stays deleted.
const maxFolderRemovals = 64

// folderRemovals are the distinct commits among changes (target t's
// since the baseline, newest first) that deleted a file under t or moved
// it away: those that took a folder's files out of it. nil when t is a
// file: only the commit that deleted it matters.
func folderRemovals(h *history, t *target, changes []change) []string {
	var out []string
	folder := false
	for _, c := range changes {
		folder = folder || c.path != t.rel
		if hash := h.commits[c.commit].hash; c.status == 'D' && !slices.Contains(out, hash) {
			out = append(out, hash)
		}
	}
	if !folder {
		return nil
	}
	return out
}

// relPath names the repository path p ("." its top) from the project
// root, as a ref would: "." the root itself, "../pkg2" outside the
// project when it is a folder of its repository (no ref can name such a
// path: ubp reads nothing outside the project).
func (g *gitRepo) relPath(p string) string {
	root := strings.TrimSuffix(g.prefix, "/")
	if root == "" {
		return p
	}
	rel, err := filepath.Rel(filepath.FromSlash(root), filepath.FromSlash(p))
	if err != nil { // both are relative: never
		return p
	}
	return filepath.ToSlash(rel)
}

// folderMove follows where the files of a deleted folder ref went in the
// commit that deleted it.
type folderMove struct {
	out   *RefResult
	dir   string // repository path of the folder, no trailing '/'
	slash bool   // the ref was written with a trailing '/'
	to    string // the one folder its files went to ("." the top of the repository), "" before the first
	split bool   // a file of it was deleted, or went elsewhere
	// end and at, when a later move is followed (see followMoves): the
	// ref's end, and the commit read.
	end *moveEnd
	at  commit
}

// see takes one deletion or move of the deleting commit: a file of the
// folder moved to to/<the same relative path> makes to the new folder,
// unless another went elsewhere or was deleted.
func (fm *folderMove) see(f fileChange) {
	from := f.path
	if f.status == 'R' {
		from = f.from
	}
	rest, ok := strings.CutPrefix(from, fm.dir+"/")
	if !ok {
		return
	}
	to, ok := strings.CutSuffix(f.path, "/"+rest)
	if f.path == rest {
		to, ok = ".", true // to the top of the repository
	}
	switch {
	case f.status != 'R' || !ok || to == "":
		fm.split = true
	case fm.to == "":
		fm.to = to
	case fm.to != to:
		fm.split = true
	}
}
