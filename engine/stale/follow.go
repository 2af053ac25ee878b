package stale

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// maxFollowRounds bounds how many times history is read again to follow
// documents moved from paths outside what git was asked about (a chain of
// such moves takes one round each).
const maxFollowRounds = 8

// collectFollowing reads history and uncommitted changes for the
// documents and refs of plans (see targetSet.collect), following each
// document's exact moves as `git log --follow` does, wherever it came
// from. Git is asked about the docs folder and the refs only, and sees a
// move only when both of its paths are among them: a document moved in
// from outside the folder, or with the whole folder (docs/ renamed to
// handbook/), looked added by the move, which hid every change made
// before it. So when a document's oldest change is an addition older
// than a change of one of its refs, the commit (or the staged changes)
// is asked whether the addition was a move; the paths it came from are
// then added to the pathspecs and everything is read again.
func collectFollowing(ctx context.Context, g *gitRepo, plans []docPlan, docsDir string) (*history, []*target, [][]*target, error) {
	var sources []string
	asked := map[string]bool{} // commit hash + "\x00" + path, "" + path for staged
	for round := 0; ; round++ {
		ts := newTargetSet()
		ts.docFolder = cleanRepoPath(docsDir)
		ts.moveSources = sources
		docT := make([]*target, len(plans))
		refT := make([][]*target, len(plans))
		for i, p := range plans {
			if rp := cleanRepoPath(p.in.RepoPath); rp != "" {
				docT[i] = ts.addDoc(rp)
			}
			refT[i] = make([]*target, len(p.refs))
			for k, pr := range p.refs {
				refT[i][k] = ts.addRef(pr.r)
			}
		}
		h, err := ts.collect(ctx, g)
		if err != nil || !ts.limited || round == maxFollowRounds {
			return h, docT, refT, err
		}
		more, err := findMoveSources(ctx, g, h, docT, refT, asked)
		if err != nil || len(more) == 0 {
			return h, docT, refT, err
		}
		sources = append(sources, more...)
	}
}

// findMoveSources returns the project paths documents were moved from,
// for the documents with an addition (committed or staged) that hides a
// change of one of their refs (one made before it): the last read saw no
// move there. Additions already asked about (in asked) are skipped.
func findMoveSources(ctx context.Context, g *gitRepo, h *history, docT []*target, refT [][]*target, asked map[string]bool) ([]string, error) {
	committed := map[string]map[string]bool{} // commit hash → repo paths added there
	var hashes []string
	staged := map[string]bool{} // repo paths
	for i, t := range docT {
		if t == nil || len(refT[i]) == 0 {
			continue
		}
		oldestRef := -1 // the oldest commit that changed a ref
		refDirty := false
		for _, rt := range refT[i] {
			if n := len(rt.changes); n > 0 {
				oldestRef = max(oldestRef, rt.changes[n-1].commit)
			}
			refDirty = refDirty || len(rt.dirty) > 0
		}
		for _, e := range t.dirty {
			if e.added && e.from == "" && e.path == t.rel && (oldestRef >= 0 || refDirty) {
				if rp := g.repoPath(e.path); !asked["\x00"+rp] {
					asked["\x00"+rp] = true
					staged[rp] = true
				}
			}
		}
		for _, cs := range [][]change{t.changes, t.earlier} {
			for _, c := range cs {
				if c.status != 'A' || c.commit >= oldestRef {
					continue // not an addition, or no ref change before it
				}
				hash, rp := h.commits[c.commit].hash, g.repoPath(c.path)
				if asked[hash+"\x00"+rp] {
					continue
				}
				asked[hash+"\x00"+rp] = true
				if committed[hash] == nil {
					committed[hash] = map[string]bool{}
					hashes = append(hashes, hash)
				}
				committed[hash][rp] = true
			}
		}
	}
	var out []string
	add := func(from string) {
		if pp, ok := g.projectPath(from); ok {
			out = append(out, pp)
		}
	}
	if len(hashes) > 0 {
		err := readMoves(ctx, g, hashes, func(c commit, f fileChange) {
			if f.status == 'R' && committed[c.hash][f.path] {
				add(f.from)
			}
		})
		if err != nil {
			return nil, err
		}
	}
	if len(staged) > 0 && len(h.commits) > 0 {
		moves, err := stagedMoves(ctx, g)
		if err != nil {
			return nil, err
		}
		for _, m := range moves {
			if staged[m.path] {
				add(m.from)
			}
		}
	}
	return out, nil
}

// readMoves lists the exact moves (status R) the commits in hashes made,
// each against its first parent, in one `git log --no-walk --stdin`.
func readMoves(ctx context.Context, g *gitRepo, hashes []string, onMove func(c commit, f fileChange)) error {
	return readMovesAt(ctx, g, hashes, "--find-renames=100%", "R", onMove)
}

// readMovesAt is readMoves with the rename detection given as a `git log`
// option ("--find-renames=100%" for exact moves only) and the statuses
// listed ("R" for moves, "RD" for deletions too).
func readMovesAt(ctx context.Context, g *gitRepo, hashes []string, findRenames, statuses string, onMove func(c commit, f fileChange)) error {
	args := []string{"log", "--no-walk=unsorted", "--stdin", findRenames, "--diff-filter=" + statuses, "--diff-merges=first-parent", "--name-status", "-z", logFormat}
	type move struct {
		c int
		f fileChange
	}
	var moves []move
	var h *history
	stdin := strings.NewReader(strings.Join(hashes, "\n") + "\n")
	st, perr, werr, err := streamGit(ctx, g, args, stdin, func(out io.Reader) error {
		var err error
		h, err = parseLog(out, g.boundary, func(c int, f fileChange) {
			moves = append(moves, move{c, f})
		})
		return err
	})
	switch {
	case err != nil:
		return err
	case perr != nil:
		return fmt.Errorf("read git log of moved documents: %w", perr)
	case werr != nil && ctx.Err() != nil:
		return ctx.Err()
	case werr != nil:
		return st.failed(werr)
	}
	for _, m := range moves {
		onMove(h.commits[m.c], m.f)
	}
	return nil
}

// stagedMoves lists the exact moves staged in the index, over the whole
// work tree.
func stagedMoves(ctx context.Context, g *gitRepo) ([]fileChange, error) {
	out, err := runGit(ctx, g.root, "diff", "--cached", "--find-renames=100%", "--diff-filter=R", "--name-status", "-z")
	if err != nil {
		return nil, err
	}
	var moves []fileChange
	fields := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	for i := 0; i+2 < len(fields); i += 3 {
		if !strings.HasPrefix(fields[i], "R") {
			return nil, fmt.Errorf("git diff --cached: unexpected status %q", fields[i])
		}
		moves = append(moves, fileChange{status: 'R', from: fields[i+1], path: fields[i+2]})
	}
	return moves, nil
}
