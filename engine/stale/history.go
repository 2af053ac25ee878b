package stale

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// commit is one commit of the history read by readHistory.
type commit struct {
	hash    string
	parents []int // indices into history.commits; parents outside the history are dropped
	when    time.Time
	author  string
	subject string
}

// history is the commits reachable from HEAD, newest first in topological
// order: a commit always comes before its parents.
type history struct {
	commits []commit
	byHash  map[string]int
	// linear is true when no commit has two parents: the history is one
	// chain, and a later index is always an ancestor.
	linear bool
}

// logFormat starts each commit with a record separator (never the first
// byte of a name-status entry) and NUL-separated fields.
const logFormat = "--format=%x1e%H%x00%P%x00%cI%x00%an%x00%s"

// fileChange is one path a commit touched, as `git log --name-status`
// gives it: status A, M, D, T, or R for a file moved from `from` without
// any change to its content (only exact moves are detected), paths
// relative to the work tree top.
type fileChange struct {
	status byte
	path   string
	from   string // R only
}

// readHistory reads `git log` once, streaming, and calls onFile for every
// path a commit touched. With pathspecs the log is limited to them, with
// merges kept and parents rewritten so ancestry among the commits shown
// stays exact; a move is seen as one only when both of its paths are
// within them.
func readHistory(ctx context.Context, g *gitRepo, pathspecs []string, onFile func(c int, f fileChange)) (*history, error) {
	// A merge lists the files it changes itself, against every parent
	// (dense-combined: a conflict resolved by hand, an edit made while
	// merging), not those it only brings from a branch, which the
	// branch's commits list. Without it `git log` lists no file of a
	// merge, and an edit made in one went unseen whenever the log was
	// read without pathspecs (more than maxPathspecs targets).
	args := []string{"log", "--topo-order", "--find-renames=100%", "--diff-merges=dense-combined", "--name-status", "-z", logFormat}
	if len(pathspecs) > 0 {
		args = append(args, "--full-history", "--parents", "--")
		args = append(args, pathspecs...)
	}
	var h *history
	st, perr, werr, err := streamGit(ctx, g, args, nil, func(out io.Reader) error {
		var err error
		h, err = parseLog(out, g.boundary, onFile)
		return err
	})
	if err != nil {
		return nil, err
	}
	if perr != nil {
		return nil, fmt.Errorf("read git log: %w", perr)
	}
	if werr != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// A repository without commits has no HEAD yet: an empty history.
		if strings.Contains(st.stderr.String(), "does not have any commits") {
			return &history{byHash: map[string]int{}, linear: true}, nil
		}
		return nil, st.failed(werr)
	}
	return h, nil
}

// parseLog reads the output of `git log -z --name-status` with logFormat.
// The files of commits in boundary (a shallow clone's cut) are skipped.
func parseLog(r io.Reader, boundary map[string]bool, onFile func(c int, f fileChange)) (*history, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	h := &history{byHash: map[string]int{}, linear: true}
	var parentHashes [][]string
	cur := -1
	var scratch []byte
	next := func() (string, error) {
		tok, err := br.ReadSlice(0)
		if errors.Is(err, bufio.ErrBufferFull) {
			scratch = append(scratch[:0], tok...)
			for errors.Is(err, bufio.ErrBufferFull) {
				tok, err = br.ReadSlice(0)
				scratch = append(scratch, tok...)
			}
			tok = scratch
		}
		if err != nil {
			if err == io.EOF && len(tok) > 0 {
				return string(tok), nil
			}
			return "", err
		}
		return string(tok[:len(tok)-1]), nil
	}
	for {
		tok, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		tok = strings.TrimLeft(tok, "\n")
		if tok == "" {
			continue
		}
		if tok[0] == '\x1e' {
			fields := make([]string, 4)
			for i := range fields {
				if fields[i], err = next(); err != nil {
					return nil, fmt.Errorf("commit %s: truncated header: %w", tok[1:], err)
				}
			}
			when, err := time.Parse(time.RFC3339, fields[1])
			if err != nil {
				return nil, fmt.Errorf("commit %s: date %q: %w", tok[1:], fields[1], err)
			}
			cur = len(h.commits)
			hash := tok[1:]
			h.byHash[hash] = cur
			h.commits = append(h.commits, commit{hash: hash, when: when, author: fields[2], subject: fields[3]})
			ps := strings.Fields(fields[0])
			if len(ps) > 1 {
				h.linear = false
			}
			parentHashes = append(parentHashes, ps)
			continue
		}
		if cur < 0 {
			return nil, fmt.Errorf("file status %q before any commit", tok)
		}
		p, err := next()
		if err != nil {
			return nil, fmt.Errorf("commit %s: status %q without a path: %w", h.commits[cur].hash, tok, err)
		}
		f := fileChange{status: tok[0], path: p}
		if isCombinedStatus(tok) {
			// A merge's combined status, one letter per parent, with
			// the path as the merge has it.
			f.status = combinedStatus(tok)
		} else if f.status == 'R' || f.status == 'C' {
			// Moves and copies name the old path first, then the new one.
			to, err := next()
			if err != nil {
				return nil, fmt.Errorf("commit %s: status %q without its second path: %w", h.commits[cur].hash, tok, err)
			}
			f.from, f.path = p, to
			if f.status == 'C' {
				f.status, f.from = 'A', ""
			}
		}
		if onFile != nil && !boundary[h.commits[cur].hash] {
			onFile(cur, f)
		}
	}
	for i, ps := range parentHashes {
		for _, p := range ps {
			if j, ok := h.byHash[p]; ok {
				h.commits[i].parents = append(h.commits[i].parents, j)
			}
		}
	}
	return h, nil
}

// isCombinedStatus reports whether a status is a merge's, one letter per
// parent ("MM"), not one letter with a score ("R100").
func isCombinedStatus(tok string) bool {
	if len(tok) < 2 {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if tok[i] < 'A' || tok[i] > 'Z' {
			return false
		}
	}
	return true
}

// combinedStatus is the status of a path in a merge, given its letters
// against each parent ("MM", "AA", "RM"): added or deleted when it is so
// against every parent, else modified (a move shows the new path only).
func combinedStatus(letters string) byte {
	for _, all := range []byte{'A', 'D'} {
		if strings.Count(letters, string(all)) == len(letters) {
			return all
		}
	}
	return 'M'
}

// coverage is a set of commits: those at index from or later in a linear
// history, else the bits set (commits past the bitset are outside).
type coverage struct {
	from int
	bits []uint64 // nil in a linear history
}

func (cv coverage) has(c int) bool {
	if cv.bits == nil {
		return c >= cv.from
	}
	return c/64 < len(cv.bits) && cv.bits[c/64]&(1<<(c%64)) != 0
}

// covered returns the commits in starts and all their ancestors, in one
// walk over the history. Only commits up to index limit are wanted: in
// topological order a commit's ancestors come after it, so the walk stops
// at commits past limit, and commits past it are reported outside.
func (h *history) covered(starts []int, limit int) coverage {
	if len(starts) == 0 {
		return coverage{from: len(h.commits), bits: []uint64{}}
	}
	if h.linear {
		return coverage{from: slices.Min(starts)}
	}
	limit = min(limit, len(h.commits)-1)
	if limit < 0 {
		return coverage{bits: []uint64{}}
	}
	bits := make([]uint64, limit/64+1)
	stack := make([]int, 0, len(starts))
	for _, c := range starts {
		if c <= limit {
			stack = append(stack, c)
		}
	}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if bits[c/64]&(1<<(c%64)) != 0 {
			continue
		}
		bits[c/64] |= 1 << (c % 64)
		for _, p := range h.commits[c].parents {
			if p <= limit {
				stack = append(stack, p)
			}
		}
	}
	return coverage{bits: bits}
}

// dirtyEntry is one line of `git status --porcelain -z`.
type dirtyEntry struct {
	path    string // relative to the work tree top
	deleted bool
	// from is the path a staged move came from (its content unchanged);
	// moved is true when nothing else changed the file since.
	from  string
	moved bool
	// added is a staged addition: a document so listed may be an exact
	// move from a path outside the pathspecs git was given.
	added bool
}

// readStatus lists uncommitted changes: staged, unstaged and untracked
// files (ignored files are not listed). A staged exact move is one entry
// with from set; its old path is listed as deleted too.
func readStatus(ctx context.Context, g *gitRepo, pathspecs []string) ([]dirtyEntry, error) {
	args := []string{"status", "--porcelain=v1", "-z", "--find-renames=100%", "--untracked-files=all"}
	if len(pathspecs) > 0 {
		args = append(append(args, "--"), pathspecs...)
	}
	out, err := runGit(ctx, g.root, args...)
	if err != nil {
		return nil, err
	}
	return parseStatus(out)
}

func parseStatus(out []byte) ([]dirtyEntry, error) {
	var entries []dirtyEntry
	for len(out) > 0 {
		i := bytes.IndexByte(out, 0)
		if i < 0 {
			i = len(out)
		}
		rec := out[:i]
		out = out[min(i+1, len(out)):]
		if len(rec) == 0 {
			continue
		}
		if len(rec) < 4 || rec[2] != ' ' {
			return nil, fmt.Errorf("git status: unexpected entry %q", rec)
		}
		x, y := rec[0], rec[1]
		e := dirtyEntry{path: string(rec[3:]), deleted: x == 'D' || y == 'D', added: x == 'A'}
		if x == 'R' || x == 'C' {
			// The path it came from follows as a field of its own.
			i := bytes.IndexByte(out, 0)
			if i < 0 {
				return nil, fmt.Errorf("git status: entry %q without the path it came from", rec)
			}
			from := string(out[:i])
			out = out[i+1:]
			if x == 'R' {
				e.from, e.moved = from, y == ' '
				entries = append(entries, dirtyEntry{path: from, deleted: true})
			}
		}
		entries = append(entries, e)
	}
	return entries, nil
}

// undoes reports whether commit x has every change of older in its
// history: a ref's content at x is then a later state of all of them, and
// when x gives the ref back its baseline content it undoes them (a
// revert). A side branch's commit, parallel to a change on main, undoes
// nothing of it. Always true in a linear history; one ancestry walk else,
// run only for a commit that holds the baseline's content again.
func (h *history) undoes(x int, older []change) bool {
	if h.linear || len(older) == 0 {
		return true
	}
	limit := x
	for _, c := range older {
		limit = max(limit, c.commit)
	}
	cv := h.covered([]int{x}, limit)
	for _, c := range older {
		if !cv.has(c.commit) {
			return false
		}
	}
	return true
}
