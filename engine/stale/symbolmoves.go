package stale

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// maxSymbolMoveFiles bounds the Go files one commit added or changed that
// are read to find where a declaration it took out of a file went: past
// it the ref stays not found.
const maxSymbolMoveFiles = 64

// symbolGone is a Go declaration ref whose file is still there but whose
// declaration a commit took out of it.
type symbolGone struct {
	out    *RefResult
	file   string // repository path of the ref's file
	symbol string
	hash   string // the commit that took the declaration out
}

// declVanished finds the commit among changes (a file's, newest first)
// that took a declaration out of the file last: reading the file at each
// commit, newest first, the one just after the newest that holds it. ok
// is false when the newest holds it (it went in an uncommitted edit),
// when none holds it, or when more than maxSymbolRevisions commits lack
// it.
func declVanished(cat *catFile, h *history, changes []change, repoPath, symbol string) (c int, ok bool, err error) {
	c, read := -1, 0
	for i, ch := range changes {
		if i > 0 && ch.commit == changes[i-1].commit {
			continue
		}
		if read == maxSymbolRevisions {
			return -1, false, nil
		}
		read++
		_, found, err := readDecl(cat, h.commits[ch.commit].hash, repoPath, symbol)
		if err != nil {
			return -1, false, err
		}
		if found {
			return c, c >= 0, nil
		}
		c = ch.commit
	}
	return -1, false, nil
}

// findSymbolMoves turns the not-found Go declaration refs of gone into
// Moved refs when the commit that took the declaration out of its file
// put the same declaration in one other file: a Go file that commit added
// or changed and that held no declaration of that name before it. Several
// such files: the one holding the declaration's text unchanged, if only
// one does. The new file is followed through later moves (followMoves);
// the declaration must be in it now, else the ref stays not found. One
// `git log --no-walk` over those commits, and the files they changed read
// through cat, only for refs whose declaration vanished; until 2026-11-27
// such a ref was not found, with no hint of where it went.
func findSymbolMoves(ctx context.Context, g *gitRepo, cat *catFile, gone []symbolGone) error {
	if len(gone) == 0 {
		return nil
	}
	var hashes []string
	for _, s := range gone {
		if !slices.Contains(hashes, s.hash) {
			hashes = append(hashes, s.hash)
		}
	}
	files := map[string][]string{} // commit hash: the Go files it added or changed
	commits := map[string]commit{}
	err := readMovesAt(ctx, g, hashes, "--no-renames", "AM", func(c commit, f fileChange) {
		commits[c.hash] = c
		if strings.HasSuffix(f.path, ".go") {
			files[c.hash] = append(files[c.hash], f.path)
		}
	})
	if err != nil {
		return err
	}
	type pending struct {
		end   *moveEnd
		saved RefResult
	}
	var ends []*moveEnd
	var all []pending
	for _, s := range gone {
		c, ok := commits[s.hash]
		if !ok || len(files[s.hash]) > maxSymbolMoveFiles {
			continue
		}
		to, err := symbolDestination(cat, s, files[s.hash])
		if err != nil {
			return err
		}
		if to == "" {
			continue
		}
		m := &moveEnd{out: s.out, path: to, symbol: s.symbol}
		all = append(all, pending{end: m, saved: *s.out})
		s.out.Reason = Moved
		setMoveCommit(s.out, c)
		ends = append(ends, m)
	}
	if err := followMoves(ctx, g, ends); err != nil {
		return err
	}
	for _, p := range all {
		m := p.end
		if m.out.Reason != Moved {
			continue // the new file was deleted since: deleted, by that commit
		}
		found, err := declOnDisk(g, cat, m.path, m.symbol)
		if err != nil {
			return err
		}
		if !found {
			*m.out = p.saved // moved again, or deleted, from its new file
			continue
		}
		m.out.MovedTo = m.refName(g)
	}
	return nil
}

// symbolDestination is the file among files (repository paths the commit
// s.hash added or changed) that the commit put s's declaration in, or "".
func symbolDestination(cat *catFile, s symbolGone, files []string) (string, error) {
	before, found, err := readDecl(cat, s.hash+"^", s.file, s.symbol)
	if err != nil || !found {
		return "", err
	}
	name := s.symbol[strings.LastIndexByte(s.symbol, '.')+1:]
	var got []string
	same := ""
	nSame := 0
	for _, f := range files {
		if f == s.file {
			continue
		}
		src, ok, err := cat.show(s.hash, f)
		if err != nil {
			return "", err
		}
		if !ok || !bytes.Contains(src, []byte(name)) {
			continue
		}
		text, found, _ := declText(f, src, s.symbol)
		if !found {
			continue
		}
		if _, had, err := readDecl(cat, s.hash+"^", f, s.symbol); err != nil || had {
			if err != nil {
				return "", err
			}
			continue // the file held one before: not the one moved
		}
		got = append(got, f)
		if bytes.Equal(text, before) {
			same, nSame = f, nSame+1
		}
	}
	switch {
	case len(got) == 1:
		return got[0], nil
	case nSame == 1:
		return same, nil
	}
	return "", nil
}

// declOnDisk reports whether the file at repository path p holds the
// declaration symbol now: in the work tree when p is inside the project,
// resolved as a ref is (never through a symlink leaving the project), or
// at HEAD when it is outside (ubp reads no file outside the project).
// Until 2026-11-27 the work tree's file was read wherever it was.
func declOnDisk(g *gitRepo, cat *catFile, p, symbol string) (bool, error) {
	rel := g.relPath(p)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		_, found, err := readDecl(cat, "HEAD", p, symbol)
		return found, err
	}
	src, ok := readInProject(g.root, rel)
	if !ok {
		return false, nil
	}
	_, found, _ := declText(p, src, symbol)
	return found, nil
}

// readInProject reads the file at rel (from the project root rootReal),
// resolved as a ref is; ok is false when resolveRef rejects it (a symlink
// leaving the project) or it cannot be read.
func readInProject(rootReal, rel string) (src []byte, ok bool) {
	r, err := resolveRef(rootReal, index.SourceRef{Path: rel})
	if err != nil {
		return nil, false
	}
	src, err = os.ReadFile(r.real)
	return src, err == nil
}
