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
// it the ref stays not found. A variable so that tests can lower it.
var maxSymbolMoveFiles = 64

// symbolGone is a Go declaration ref whose file is still there but whose
// declaration a commit took out of it.
type symbolGone struct {
	out    *RefResult
	file   string // repository path of the ref's file, as that commit has it
	symbol string
	hash   string // the commit that took the declaration out
	// from is the file's path in the commit's parent, when the commit
	// renamed it too ("": file).
	from string
}

// parentPath is the file's path in the parent of the commit that took the
// declaration out.
func (s symbolGone) parentPath() string {
	if s.from != "" {
		return s.from
	}
	return s.file
}

// fileRev is a file at a commit: its repository path there.
type fileRev struct {
	hash, path string
}

// declVanished finds the commit among changes (a file's, newest first)
// that took a declaration out of the file last: reading the file at each
// commit, newest first, the one just after the newest that holds it. ok
// is false when the newest holds it (it went in an uncommitted edit),
// when none holds it, or when the newest maxSymbolRevisions commits all
// lack it (only that many are read).
func declVanished(cat *catFile, h *history, changes []change, repoPath, symbol string) (c int, ok bool, err error) {
	var revs []fileRev
	var commits []int
	for i, ch := range changes {
		if i > 0 && ch.commit == changes[i-1].commit {
			continue
		}
		revs = append(revs, fileRev{h.commits[ch.commit].hash, repoPath})
		commits = append(commits, ch.commit)
	}
	i, ok, err := declVanishedAt(cat, revs, symbol)
	if err != nil || !ok {
		return -1, false, err
	}
	return commits[i], true, nil
}

// declVanishedAt is declVanished over revs, the commits that touched the
// file, newest first, each once, with the file's path at each (a file
// renamed has several): the index in revs of the commit that took the
// declaration out last.
func declVanishedAt(cat *catFile, revs []fileRev, symbol string) (i int, ok bool, err error) {
	for k, rev := range revs {
		if k == maxSymbolRevisions {
			return -1, false, nil
		}
		_, found, err := readDecl(cat, rev.hash, rev.path, symbol)
		if err != nil {
			return -1, false, err
		}
		if found {
			return k - 1, k > 0, nil
		}
	}
	return -1, false, nil
}

// symbolChain is a Go declaration ref being followed from file to file.
type symbolChain struct {
	at    symbolGone // the file it was last taken out of, and the commit
	saved RefResult  // the ref as it was: not found
	seen  map[string]bool
}

// findSymbolMoves turns the not-found Go declaration refs of gone into
// Moved refs when the commit that took the declaration out of its file
// put the same declaration in one other file: a Go file that commit added
// or changed and that held no declaration of that name before it. Several
// such files: the one holding the declaration's text unchanged, if only
// one does. The new file is followed through later moves (followMoves);
// the declaration must be in it now, or a later commit must have taken it
// out of that file too and put it in another, followed the same way, up
// to maxMoveRounds files in all (a file met twice ends the chain); else
// the ref stays not found. A file renamed since the declaration went in
// is read under each name it had (renamedFileRevs), so the declaration is
// followed out of it whether it left before the rename, after it, or in
// the renaming commit. A file the chain ends in (the declaration in it
// now) is read back to the move into it too, and the commit named is the
// last that put the declaration there (lastArrivals): it may have left
// and come back. Each round: one `git log --no-walk` over the
// commits that took declarations out, the files they changed read through
// cat, and one `git log` limited to the files reached and their earlier
// names, read back only to the move into each (and one `git log
// --no-walk` over the commits that brought declarations back, if any);
// only refs whose declaration vanished cost anything. Until
// 2026-11-27 such a ref was not found, with no hint of where it went, one
// moved on from its new file stayed not found, and so did one that left
// its new file before or in the commit that renamed that file (the file
// was read under its newest name only), and one that left its new file
// and came back named the first move into it.
func findSymbolMoves(ctx context.Context, g *gitRepo, cat *catFile, gone []symbolGone) error {
	active := make([]*symbolChain, len(gone))
	for i, s := range gone {
		active[i] = &symbolChain{at: s, saved: *s.out, seen: map[string]bool{s.file: true}}
	}
	for round := 0; round < maxMoveRounds && len(active) > 0; round++ {
		next, err := symbolMoveRound(ctx, g, cat, active)
		if err != nil {
			return err
		}
		active = next
	}
	for _, ch := range active {
		*ch.at.out = ch.saved // moved more often than followed
	}
	return nil
}

// symbolMoveRound follows each chain of active one file on: to where the
// commit that took the declaration out put it, and that file through its
// later moves. It returns the chains whose declaration is no longer in
// that file either, because a later commit took it out (ready for the
// next round); the others are settled: moved to the file holding the
// declaration now, deleted with the file it went to, or not found again.
func symbolMoveRound(ctx context.Context, g *gitRepo, cat *catFile, active []*symbolChain) ([]*symbolChain, error) {
	var hashes []string
	for _, ch := range active {
		if !slices.Contains(hashes, ch.at.hash) {
			hashes = append(hashes, ch.at.hash)
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
		return nil, err
	}
	var ends []*moveEnd
	var followed []*symbolChain
	for _, ch := range active {
		s := ch.at
		c, ok := commits[s.hash]
		to := ""
		if ok && len(files[s.hash]) <= maxSymbolMoveFiles {
			if to, err = symbolDestination(cat, s, files[s.hash]); err != nil {
				return nil, err
			}
		}
		if to == "" || ch.seen[to] {
			*s.out = ch.saved // not found where it went, or back in a file met before
			continue
		}
		ch.seen[to] = true
		ch.at.file = to
		s.out.Reason = Moved
		setMoveCommit(s.out, c)
		ends = append(ends, &moveEnd{out: s.out, path: to, symbol: s.symbol})
		followed = append(followed, ch)
	}
	if err := followMoves(ctx, g, ends); err != nil {
		return nil, err
	}
	var left []*symbolChain   // gone from the file it went to
	var landed []*symbolChain // in it now
	var paths []string
	names := map[*symbolChain][]fileRev{} // the file's renames since the declaration went in
	stops := map[string][]string{}        // path: the commits its history is read back to
	for i, ch := range followed {
		m := ends[i]
		if m.out.Reason != Moved {
			continue // the new file was deleted since: deleted, by that commit
		}
		found, err := declOnDisk(g, cat, m.path, m.symbol)
		if err != nil {
			return nil, err
		}
		if found {
			m.out.MovedTo = m.refName(g)
			landed = append(landed, ch)
		} else {
			if m.path != ch.at.file && ch.seen[m.path] {
				*m.out = ch.saved // moved back into a file met before: a cycle
				continue
			}
			left = append(left, ch)
		}
		// Each name's commits are read back to the one that gave it,
		// the first's to the move into the file (ch.at.hash).
		since := ch.at.hash
		for _, rn := range m.renames {
			ch.seen[rn.path] = true
			paths = append(paths, rn.path)
			stops[rn.path] = append(stops[rn.path], since)
			since = rn.hash
		}
		ch.seen[m.path] = true
		ch.at.file = m.path
		paths = append(paths, m.path)
		stops[m.path] = append(stops[m.path], since)
		names[ch] = m.renames
	}
	if len(left)+len(landed) == 0 {
		return nil, nil
	}
	// The commits that touched those files, under each name they had
	// since the declaration went in, newest first, back to the move into
	// the file and at most as far as declVanishedAt reads.
	changes, err := pathChanges(ctx, g, paths, maxSymbolRevisions, stops)
	if err != nil {
		return nil, err
	}
	if err := lastArrivals(ctx, g, cat, landed, changes, names); err != nil {
		return nil, err
	}
	var next []*symbolChain
	for _, ch := range left {
		revs := renamedFileRevs(changes, ch.at.file, names[ch])
		i, ok, err := declVanishedAt(cat, revs, ch.at.symbol)
		if err != nil {
			return nil, err
		}
		if !ok {
			*ch.at.out = ch.saved // deleted, or taken out in an uncommitted edit
			continue
		}
		ch.at.hash, ch.at.file, ch.at.from = revs[i].hash, revs[i].path, revs[i+1].path
		next = append(next, ch)
	}
	return next, nil
}

// lastArrivals names, for each chain of landed (its declaration in the
// file it was followed to now), the last commit that put the declaration
// in that file, when it is newer than the move the ref names: the
// declaration left the file and came back (a.go to b.go, back to a.go).
// The file's commits (changes, under each name it had) are read newest
// first down to the commit named, at most maxSymbolRevisions of them; one
// `git log --no-walk` reads the commits found, only when there are any.
// Until 2026-11-27 the ref named the first move into the file.
func lastArrivals(ctx context.Context, g *gitRepo, cat *catFile, landed []*symbolChain, changes map[string][]lastChange, names map[*symbolChain][]fileRev) error {
	var hashes []string
	back := map[string][]*RefResult{} // commit hash: the refs it brought back
	for _, ch := range landed {
		revs := renamedFileRevs(changes, ch.at.file, names[ch])
		i, ok, err := declArrivedAt(cat, revs, ch.at.symbol, ch.at.out.Commit)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		h := revs[i].hash
		if back[h] == nil {
			hashes = append(hashes, h)
		}
		back[h] = append(back[h], ch.at.out)
	}
	if len(hashes) == 0 {
		return nil
	}
	return readMovesAt(ctx, g, hashes, "--no-renames", "AM", func(c commit, _ fileChange) {
		for _, out := range back[c.hash] {
			setMoveCommit(out, c)
		}
	})
}

// declArrivedAt reads the file at revs (its commits, newest first, with
// its path at each) down to the commit named (exclusive), and returns
// the index in revs of the commit that last put the declaration in it,
// when that is newer: the one just newer than the newest lacking it. ok
// is false when none lacks it before the commit named (or the first
// maxSymbolRevisions), or the newest lacks it (it came back in an
// uncommitted edit).
func declArrivedAt(cat *catFile, revs []fileRev, symbol, named string) (i int, ok bool, err error) {
	for k, rev := range revs {
		if k == maxSymbolRevisions || rev.hash == named {
			return -1, false, nil
		}
		_, found, err := readDecl(cat, rev.hash, rev.path, symbol)
		if err != nil {
			return -1, false, err
		}
		if !found {
			return k - 1, k > 0, nil
		}
	}
	return -1, false, nil
}

// renamedFileRevs lists the commits that touched a file now at repository
// path p, newest first, from changes (pathChanges' answer for p and its
// earlier names), following renames (its moves, oldest first: the path
// before each and the commit that made it) back to its first name: under
// each name, the commits from the rename that gave it (inclusive) back to
// the one that took it away (exclusive: the file had its next name there).
func renamedFileRevs(changes map[string][]lastChange, p string, renames []fileRev) []fileRev {
	var revs []fileRev
	after := "" // the commit that took the name away: the newer ones are another file's
	for k := len(renames); k >= 0; k-- {
		name, since := p, ""
		if k < len(renames) {
			name = renames[k].path
		}
		if k > 0 {
			since = renames[k-1].hash
		}
		cs := changes[name]
		if after != "" {
			i := slices.IndexFunc(cs, func(c lastChange) bool { return c.hash == after })
			if i < 0 {
				return revs // read back no further: the limit
			}
			cs = cs[i+1:]
		}
		for _, c := range cs {
			revs = append(revs, fileRev{hash: c.hash, path: name})
			if c.hash == since {
				break
			}
		}
		if k > 0 && (len(revs) == 0 || revs[len(revs)-1].hash != since) {
			return revs // the rename not reached: the limit
		}
		after = since
	}
	return revs
}

// symbolDestination is the file among files (repository paths the commit
// s.hash added or changed) that the commit put s's declaration in, or "".
func symbolDestination(cat *catFile, s symbolGone, files []string) (string, error) {
	before, found, err := readDecl(cat, s.hash+"^", s.parentPath(), s.symbol)
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
		text, found, err := readDecl(cat, s.hash, f, s.symbol)
		if err != nil {
			return "", err
		}
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
