package stale

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxMoveRounds bounds how many later moves of a moved ref are followed
// (each round reads git three times at most, for every ref at once).
const maxMoveRounds = 8

// moveEnd is where a Moved ref is now known to have gone.
type moveEnd struct {
	out    *RefResult
	path   string // repository path, no trailing '/' ("." the top of the repository)
	folder bool
	slash  bool   // a folder ref written with a trailing '/'
	symbol string // a Go declaration's name, "" for a file or folder
	// renames are a file end's moves followed, oldest first: the path it
	// had before each, and the commit that moved it.
	renames []fileRev
}

// refName is the end as a ref would name it, from the project root (see
// gitRepo.relPath), with the ref's trailing '/' or #Symbol.
func (m *moveEnd) refName(g *gitRepo) string {
	to := g.relPath(m.path)
	if m.slash {
		to += "/"
	}
	if m.symbol != "" {
		to += "#" + m.symbol
	}
	return to
}

// followMoves follows moved refs through later commits: a destination
// that no longer exists at HEAD was removed by the newest commit that
// touched it; when that commit moved it again (as findRefMoves sees a
// move) the ref is moved there, by that commit, and followed again; when
// it deleted it (or split a folder), the ref is deleted by that commit.
// A destination that exists (on disk, or at HEAD: an uncommitted removal
// is not followed) ends the chain. At most maxMoveRounds rounds, each
// asking git about every ref still followed at once: `git ls-tree` for
// the destinations not on disk, a `git log` limited to those gone, read
// only down to the newest commit that touched each (never older than the
// move that made it), and `git log --no-walk` over those commits. Until
// 2026-11-27 moved_to named where the first move took the ref, a path
// that no longer existed.
func followMoves(ctx context.Context, g *gitRepo, ends []*moveEnd) error {
	seen := map[*moveEnd]map[string]bool{}
	for _, m := range ends {
		seen[m] = map[string]bool{m.path: true}
	}
	active := ends
	for round := 0; round < maxMoveRounds && len(active) > 0; round++ {
		gone, err := gonePaths(ctx, g, active)
		if err != nil {
			return err
		}
		if len(gone) == 0 {
			return nil
		}
		paths := make([]string, 0, len(gone))
		for _, m := range gone {
			paths = append(paths, m.path)
		}
		last, err := lastChanges(ctx, g, paths)
		if err != nil {
			return err
		}
		wanted := map[string][]*moveEnd{} // commit hash + "\x00" + repo path of the file
		folders := map[string][]*folderMove{}
		var hashes []string
		for _, m := range gone {
			c, ok := last[m.path]
			if !ok || c.status != 'D' {
				continue // at HEAD after all, or never committed there
			}
			if !slices.Contains(hashes, c.hash) {
				hashes = append(hashes, c.hash)
			}
			m.out.Reason = Deleted // until the commit is seen to move it
			if m.folder {
				folders[c.hash] = append(folders[c.hash], &folderMove{out: m.out, dir: m.path, slash: m.slash, end: m})
			} else {
				k := c.hash + "\x00" + m.path
				wanted[k] = append(wanted[k], m)
			}
		}
		if len(hashes) == 0 {
			return nil
		}
		next := active[:0:0]
		err = readMovesAt(ctx, g, hashes, "--find-renames", "RD", func(c commit, f fileChange) {
			for _, fm := range folders[c.hash] {
				fm.see(f)
				fm.at = c
			}
			if f.status == 'R' {
				for _, m := range wanted[c.hash+"\x00"+f.from] {
					m.out.Reason = Moved
					m.moveTo(f.path, c)
				}
			}
			for _, m := range wanted[c.hash+"\x00"+f.path] {
				if f.status == 'D' {
					setMoveCommit(m.out, c)
				}
			}
		})
		if err != nil {
			return err
		}
		for _, list := range folders {
			for _, fm := range list {
				if fm.at.hash != "" {
					setMoveCommit(fm.out, fm.at)
				}
				if fm.to != "" && !fm.split {
					fm.out.Reason = Moved
					fm.end.path = fm.to
				}
			}
		}
		for _, m := range gone {
			if m.out.Reason != Moved || seen[m][m.path] {
				continue // deleted, or back where it was once (a cycle)
			}
			seen[m][m.path] = true
			next = append(next, m)
		}
		active = next
	}
	return nil
}

// moveTo records a file end's move to repository path p by commit c.
func (m *moveEnd) moveTo(p string, c commit) {
	m.renames = append(m.renames, fileRev{hash: c.hash, path: m.path})
	m.path = p
	setMoveCommit(m.out, c)
}

// setMoveCommit names commit c as the one that moved (or deleted) the ref.
func setMoveCommit(out *RefResult, c commit) {
	out.Commit, out.Author, out.Subject, out.ChangedAt = c.hash, c.author, c.subject, c.when.UTC()
}

// gonePaths returns the ends whose destination exists neither on disk (a
// file in the project) nor at HEAD: one `git ls-tree` for those not on
// disk.
func gonePaths(ctx context.Context, g *gitRepo, ends []*moveEnd) ([]*moveEnd, error) {
	var ask []*moveEnd
	for _, m := range ends {
		if m.path == "." {
			continue // the top of the repository
		}
		if pp, ok := g.projectPath(m.path); ok && !m.folder {
			if fi, err := os.Lstat(filepath.Join(g.root, filepath.FromSlash(pp))); err == nil && !fi.IsDir() {
				continue
			}
		}
		ask = append(ask, m)
	}
	if len(ask) == 0 {
		return nil, nil
	}
	args := []string{"ls-tree", "--full-tree", "--name-only", "-z", "HEAD", "--"}
	for _, m := range ask {
		args = append(args, m.path)
	}
	out, err := runGit(ctx, g.root, args...)
	if err != nil {
		return nil, err
	}
	atHead := map[string]bool{}
	for _, p := range strings.Split(string(out), "\x00") {
		atHead[p] = true
	}
	var gone []*moveEnd
	for _, m := range ask {
		if !atHead[m.path] {
			gone = append(gone, m)
		}
	}
	return gone, nil
}

// lastChange is the newest change of a path (a file, or any file of a
// folder) in HEAD's history.
type lastChange struct {
	hash   string
	status byte
}

// lastChanges finds the newest commit that touched each of paths (repository
// paths, files or folders), in one `git log` limited to them, newest first,
// stopped as soon as every path has one: no history is read past the
// oldest of them.
func lastChanges(ctx context.Context, g *gitRepo, paths []string) (map[string]lastChange, error) {
	all, err := pathChanges(ctx, g, paths, 1, nil)
	if err != nil {
		return nil, err
	}
	found := make(map[string]lastChange, len(all))
	for p, cs := range all {
		found[p] = cs[0]
	}
	return found, nil
}
