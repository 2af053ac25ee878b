package stale

import (
	"context"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// pendingRef is a changed ref waiting for its change time.
type pendingRef struct {
	pr       plannedRef
	syncedAt time.Time
	deleted  bool
	// gone: missing at the sync already (not found); findRefMoves still
	// names where it went if a commit moved it (see plannedRef.goneBy).
	gone bool
	// vanished: a Go declaration recorded at the sync that its file,
	// still there, no longer holds (see findSymbolMoves).
	vanished bool
	// base is the hash recorded at the sync: for a Go declaration, of its
	// text, which tells the commits that changed it from the others.
	base string
}

// checkIndex compares every ref with the fingerprint recorded when its
// document was synced. Content is read only when size, mtime or file count
// differ from the record (or the record is racily close to the sync).
// The change time of a changed ref is, in a git work tree, the first
// commit that touched it after the sync (else its latest commit, when the
// change came with a checkout or pull of older commits); else, or for
// uncommitted changes, its modification time.
func checkIndex(ctx context.Context, openRepo func() *gitRepo, plans []docPlan, lv leveler) ([]index.Warning, error) {
	now := newCurrentState()
	var pending []pendingRef
	var warns []index.Warning
	for _, p := range plans {
		for _, pr := range p.refs {
			stored, have := p.in.Baselines[pr.r.ref.String()]
			if !have {
				stored = Fingerprint{}
			}
			st, err := now.stat(pr.r)
			if err != nil {
				return nil, err
			}
			cur := stored
			racy := !p.in.IndexedAt.IsZero() && stored.MTime >= p.in.IndexedAt.Add(-racyWindow).UnixNano()
			hashed := !have || !st.sameStat(stored) || racy
			if hashed {
				if cur, err = now.hash(pr.r); err != nil {
					return nil, err
				}
			}
			if hashed && pr.r.ref.Symbol != "" {
				if d, _ := now.decl(pr.r); d.parseErr != nil {
					warns = append(warns, index.Warning{File: docName(p.in), Line: pr.r.ref.Line,
						Message: fmt.Sprintf("source_ref %q: %v (the declaration is looked for in what parsed)", pr.r.ref.String(), d.parseErr)})
				}
			}
			switch {
			case stored.Exists && cur.Exists && stored.SHA256 == cur.SHA256:
				// fresh
			case stored.Exists && cur.Exists && pr.r.ref.Symbol != "" && recordedWithCRLF(now, pr.r, stored.SHA256):
				// fresh: recorded before declarations were hashed with LF
			case !cur.Exists && pr.r.ref.Symbol != "" && st.Exists:
				lv.missing(pr.out, NotFound) // the file is there, the declaration is not
				// Taken out since the sync or before it: where it went
				// tells how to fix the ref.
				pending = append(pending, pendingRef{pr: pr, syncedAt: p.in.IndexedAt, vanished: true})
			case stored.Exists && (!cur.Exists || emptiedSince(pr.r, stored, cur)):
				lv.missing(pr.out, Deleted)
				pending = append(pending, pendingRef{pr: pr, syncedAt: p.in.IndexedAt, deleted: true})
			case !cur.Exists:
				lv.missing(pr.out, NotFound)
				// Gone at the sync already: a commit may have moved it.
				pending = append(pending, pendingRef{pr: pr, syncedAt: p.in.IndexedAt, gone: true})
			default:
				// Changed, or appeared since the sync.
				lv.modified(pr.out, cur.changeTime(p.in.IndexedAt))
				pending = append(pending, pendingRef{pr: pr, syncedAt: p.in.IndexedAt, base: stored.SHA256})
			}
		}
	}
	if len(pending) == 0 {
		return warns, nil
	}
	repo := openRepo()
	if repo == nil {
		return warns, nil
	}
	if err := commitTimes(ctx, repo, pending, lv); err != nil {
		// Commit details are a refinement: the modification times stand.
		warns = append(warns, index.Warning{Message: "commit details unavailable: " + err.Error()})
	}
	return warns, nil
}

// commitTimes refines changed refs with git: one `git log` and one `git
// status`, limited to the changed refs.
func commitTimes(ctx context.Context, repo *gitRepo, pending []pendingRef, lv leveler) error {
	ts := newTargetSet()
	targets := make([]*target, len(pending))
	for i, p := range pending {
		targets[i] = ts.addRef(p.pr.r)
	}
	h, err := ts.collect(ctx, repo)
	if err != nil {
		return err
	}
	var cat *catFile
	defer func() {
		if cat != nil {
			cat.close()
		}
	}()
	var vanished []symbolGone
	for i := range pending {
		t, out := targets[i], pending[i].pr.out
		if pending[i].vanished {
			if cat == nil {
				if cat, err = startCatFile(ctx, repo); err != nil {
					return err
				}
			}
			repoPath := repo.repoPath(pending[i].pr.r.rel)
			c, ok, err := declVanished(cat, h, t.changes, repoPath, pending[i].pr.r.ref.Symbol)
			if err != nil {
				return err
			}
			if ok {
				vanished = append(vanished, symbolGone{out: out, file: repoPath, symbol: pending[i].pr.r.ref.Symbol, hash: h.commits[c].hash})
			}
			continue
		}
		if pending[i].gone {
			if gone := lastRemovals(t); len(gone) > 0 {
				pending[i].pr.goneBy = h.commits[gone[0].commit].hash
				pending[i].pr.removals = folderRemovals(h, t, gone)
			}
			continue
		}
		if !pending[i].deleted && emptiedFolder(pending[i].pr.r, t) {
			// Only ignored files left: git holds nothing there.
			pending[i].deleted = true
			out.ChangedAt = time.Time{}
			lv.missing(out, Deleted)
		}
		p := pending[i]
		if p.pr.r.ref.Symbol != "" && !p.deleted {
			if cat == nil {
				if cat, err = startCatFile(ctx, repo); err != nil {
					return err
				}
			}
			if err := symbolCommits(cat, h, repo, t, p, lv); err != nil {
				return err
			}
			continue
		}
		changes := t.changes
		if !p.deleted {
			if changes, err = sinceRecorded(ctx, &cat, h, repo, t, p); err != nil {
				return err
			}
		}
		since := 0
		for i, c := range changes {
			if h.commits[c.commit].when.After(p.syncedAt) && (i == 0 || c.commit != changes[i-1].commit) {
				since++
			}
		}
		set := func(c int) {
			cm := h.commits[c]
			out.Commit, out.Author, out.Subject, out.Commits = cm.hash, cm.author, cm.subject, since
			if !p.deleted {
				lv.modified(out, cm.when)
			} else {
				out.ChangedAt = cm.when.UTC()
			}
		}
		if p.deleted {
			// git dates commits to the second: one made in the sync's
			// second, after it, looks older (the ref existed at the
			// sync, so a deletion then came after it).
			syncSecond := p.syncedAt.Truncate(time.Second)
			for _, c := range t.changes {
				if c.status == 'D' && !h.commits[c.commit].when.Before(syncSecond) {
					set(c.commit)
					break
				}
			}
			if out.Commit == "" && len(t.dirty) > 0 {
				out.Uncommitted = true
			}
			continue
		}
		first := -1
		for _, c := range changes { // newest first: keep the oldest after the sync
			if h.commits[c.commit].when.After(p.syncedAt) {
				first = c.commit
			}
		}
		switch {
		case first >= 0:
			set(first)
		case len(t.dirty) > 0:
			out.Uncommitted = true
		case len(t.changes) > 0:
			set(t.changes[0].commit)
		}
	}
	deleted := make([]plannedRef, 0, len(pending))
	for i, p := range pending {
		if p.gone && p.pr.goneBy != "" {
			deleted = append(deleted, p.pr)
		}
		if p.deleted {
			syncSecond := p.syncedAt.Truncate(time.Second)
			var since []change
			for _, c := range targets[i].changes {
				if !h.commits[c.commit].when.Before(syncSecond) {
					since = append(since, c)
				}
			}
			p.pr.removals = folderRemovals(h, targets[i], since)
			deleted = append(deleted, p.pr)
		}
	}
	if err := findRefMoves(ctx, repo, deleted); err != nil {
		return err
	}
	return findSymbolMoves(ctx, repo, cat, vanished)
}

// sinceRecorded returns the changes of a changed file ref's target t
// (newest first) made since it last held the content recorded at the
// sync (p.base): a change after the sync undone since (a revert, an edit
// back) does not date the document, up to date again in between. t.changes
// whole for anything but one file whose history has no other path, or
// when no commit after the sync, among the newest maxSymbolRevisions,
// holds it and has the changes before it in its history (history.undoes:
// a side branch's revert undoes nothing on main). The commit the work
// tree holds is not read; *cat is started
// when a commit is. Until 2026-11-28
// the undone change dated the ref.
func sinceRecorded(ctx context.Context, cat **catFile, h *history, repo *gitRepo, t *target, p pendingRef) ([]change, error) {
	if t.kind != kindPath || p.pr.r.ref.Symbol != "" || p.base == "" {
		return t.changes, nil
	}
	for _, c := range t.changes {
		if c.path != t.rel {
			return t.changes, nil
		}
	}
	for i, c := range t.changes {
		if i == maxSymbolRevisions || !h.commits[c.commit].when.After(p.syncedAt) {
			break
		}
		if c.status == 'D' || i == 0 && len(t.dirty) == 0 {
			continue // gone then, or what the work tree holds: changed
		}
		if *cat == nil {
			var err error
			if *cat, err = startCatFile(ctx, repo); err != nil {
				return nil, err
			}
		}
		data, found, err := (*cat).show(h.commits[c.commit].hash, repo.repoPath(c.path))
		if err != nil {
			return nil, err
		}
		if found && sha256Hex(data) == p.base && h.undoes(c.commit, t.changes[i+1:]) {
			return t.changes[:i], nil
		}
	}
	return t.changes, nil
}

// symbolCommits refines a changed Go declaration ref of the index
// baseline: the commit reported is the first after the sync whose text of
// the declaration differs from the one hashed at the sync, and the count
// is of the commits that changed it, not of every commit to its file
// (which blamed a commit that changed another function).
func symbolCommits(cat *catFile, h *history, repo *gitRepo, t *target, p pendingRef, lv leveler) error {
	out := p.pr.out
	atOrBeforeSync := func(c change) bool { return !h.commits[c.commit].when.After(p.syncedAt) }
	first, n, err := declChanges(cat, h, t.changes, repo.repoPath(p.pr.r.rel), p.pr.r.ref.Symbol, p.base, atOrBeforeSync, true)
	if err != nil {
		return err
	}
	if first < 0 {
		// Not changed by a commit since the sync: an uncommitted edit, or
		// a checkout of other commits (the modification time stands).
		out.Uncommitted = len(t.dirty) > 0
		return nil
	}
	cm := h.commits[first]
	out.Commit, out.Author, out.Subject, out.Commits = cm.hash, cm.author, cm.subject, n
	lv.modified(out, cm.when)
	return nil
}

// recordedWithCRLF reports whether a Go declaration's recorded hash is of
// its text now with the file's CRLF line ends, as syncs before 2026-11-27
// recorded it: unchanged, not modified.
func recordedWithCRLF(now *currentState, r resolvedRef, recorded string) bool {
	d, err := now.decl(r)
	return err == nil && d.writtenHash != "" && d.writtenHash == recorded
}
