package stale

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/index"
)

// baseKind says what a document is compared with under the git baseline.
type baseKind int

const (
	// baseCommit: the commits that touched the document. A change counts
	// only when none of them has it in its history.
	baseCommit baseKind = iota
	// baseWorktree: the document has uncommitted changes (or git does not
	// track it): it is being written now, so no change counts as after it.
	baseWorktree
	// baseBoundary: a shallow clone hides the document's last commit:
	// every visible commit counts.
	baseBoundary
)

// gitBaseline is one document's git baseline.
type gitBaseline struct {
	kind baseKind
	// covered holds, for baseCommit, every commit that touched the
	// document and all their ancestors (see history.covered).
	covered  coverage
	reviewed string // YYYY-MM-DD; commits before that day do not count
}

// counts reports whether commit c is after the baseline: no commit that
// touched the document has c in its history (and c is after reviewed:).
func (b gitBaseline) counts(h *history, c int) bool {
	switch b.kind {
	case baseWorktree:
		return false
	case baseCommit:
		if b.covered.has(c) {
			return false
		}
	}
	// On the day itself a commit counts unless the document's commits
	// cover it: one made after the review (a code change the same
	// afternoon) was hidden for good.
	return b.reviewed == "" || h.commits[c].when.Format(time.DateOnly) >= b.reviewed
}

// countsDirty reports whether an uncommitted change made at mtime counts.
func (b gitBaseline) countsDirty(mtime time.Time) bool {
	if b.kind == baseWorktree {
		return false
	}
	return b.reviewed == "" || mtime.IsZero() || mtime.Format(time.DateOnly) > b.reviewed
}

// gitCheck holds what one git-baseline check shares across documents.
type gitCheck struct {
	ctx   context.Context
	repo  *gitRepo
	root  string // the project root, real path: documents' RepoPath start there
	hist  *history
	lv    leveler
	now   *currentState
	cat   *catFile
	warns []index.Warning
	// hidden counts documents whose last commit a shallow clone cut off.
	hidden int
	// unseen are the refs that exist but that git knows nothing of.
	unseen []unseenRef
	// vanished are the Go declaration refs a commit took out of their
	// file since the baseline (see findSymbolMoves).
	vanished []symbolGone
}

// checkGit compares every ref with the commits after its document's last
// commit (or reviewed: date), reading history in one `git log` pass and
// uncommitted changes in one `git status`.
func checkGit(ctx context.Context, repo *gitRepo, plans []docPlan, lv leveler, root, docsDir string) (warns []index.Warning, hidden int, err error) {
	h, docT, refT, err := collectFollowing(ctx, repo, plans, docsDir)
	if err != nil {
		return nil, 0, fmt.Errorf("staleness (git baseline): %w", err)
	}
	g := &gitCheck{ctx: ctx, repo: repo, root: root, hist: h, lv: lv, now: newCurrentState()}
	defer func() { g.cat.close() }()
	for i, p := range plans {
		if len(p.refs) == 0 {
			continue
		}
		// Ancestry is needed only down to the oldest change of a ref.
		limit := -1
		for _, t := range refT[i] {
			if n := len(t.changes); n > 0 {
				limit = max(limit, t.changes[n-1].commit)
			}
		}
		b := g.baseline(p.in, docT[i], limit)
		for k, pr := range p.refs {
			var err error
			if pr.r.ref.Symbol != "" {
				err = g.checkSymbol(p.in, pr, refT[i][k], b)
			} else {
				err = g.checkPath(p.in, pr, refT[i][k], b)
			}
			if err != nil {
				return nil, 0, err
			}
			switch out := pr.out; {
			case out.Reason == Deleted && out.Commit != "":
				p.refs[k].removals = folderRemovals(g.hist, refT[i][k], g.after(refT[i][k], b))
			case out.Reason == Deleted || (out.Reason == NotFound && out.Commit == ""):
				// Gone before the baseline: where it went still tells
				// how to fix the ref.
				if gone := lastRemovals(refT[i][k]); len(gone) > 0 {
					p.refs[k].goneBy = g.hist.commits[gone[0].commit].hash
					p.refs[k].removals = folderRemovals(g.hist, refT[i][k], gone)
				}
			}
		}
	}
	if err := g.warnIgnored(); err != nil {
		return nil, 0, fmt.Errorf("staleness (git baseline): %w", err)
	}
	var all []plannedRef
	for _, p := range plans {
		all = append(all, p.refs...)
	}
	if err := findRefMoves(ctx, repo, all); err != nil {
		return nil, 0, fmt.Errorf("staleness (git baseline): %w", err)
	}
	if err := findSymbolMoves(ctx, repo, g.cat, g.vanished); err != nil {
		return nil, 0, fmt.Errorf("staleness (git baseline): %w", err)
	}
	return g.warns, g.hidden, nil
}

func cleanRepoPath(p string) string {
	if p == "" {
		return ""
	}
	p = path.Clean(strings.TrimPrefix(p, "./"))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return ""
	}
	return p
}

// baseline finds what the document is compared with; limit is the oldest
// commit (highest index) whose coverage matters.
func (g *gitCheck) baseline(d *DocInput, t *target, limit int) gitBaseline {
	b := gitBaseline{kind: baseWorktree}
	if d.Reviewed != "" {
		if _, err := time.Parse(time.DateOnly, d.Reviewed); err != nil {
			g.warn(d, reviewedLine(g.root, d), fmt.Sprintf("reviewed: %q is not a date (YYYY-MM-DD); it is ignored", d.Reviewed))
		} else {
			b.reviewed = d.Reviewed
		}
	}
	switch {
	case t == nil:
		g.warn(d, 0, "the document has no path from the project root; under the git baseline only missing refs are reported")
	case t.writing():
		// Uncommitted edits to the document: it is being updated now.
	case len(t.changes) > 0 || len(t.earlier) > 0:
		b.kind = baseCommit
		b.covered = g.hist.covered(t.contentChanges(), limit)
	case g.repo.shallow:
		// One summary warning for all of them (see Check).
		b.kind = baseBoundary
		g.hidden++
	default:
		g.warn(d, 0, "git does not track the document (ignored?); under the git baseline only missing refs are reported")
	}
	return b
}

func (g *gitCheck) warn(d *DocInput, line int, msg string) {
	g.warns = append(g.warns, index.Warning{File: docName(d), Line: line, Message: msg})
}

// after returns the target's changes after the baseline, newest first.
func (g *gitCheck) after(t *target, b gitBaseline) []change {
	var out []change
	for _, c := range t.changes {
		if b.counts(g.hist, c.commit) {
			out = append(out, c)
		}
	}
	return out
}

// existedAt reports whether anything the target selects existed at the
// baseline: the latest change to each path at or before it was not a
// deletion.
func (g *gitCheck) existedAt(t *target, b gitBaseline) bool {
	switch b.kind {
	case baseBoundary:
		return len(t.changes) > 0
	case baseWorktree:
		// Every commit read is in HEAD's history.
		if len(g.hist.commits) == 0 {
			return false
		}
	}
	seen := map[string]bool{}
	for _, c := range t.changes {
		if seen[c.path] || (b.kind == baseCommit && !b.covered.has(c.commit)) {
			continue
		}
		seen[c.path] = true
		if c.status != 'D' {
			return true
		}
	}
	return false
}

func (g *gitCheck) setCommit(out *RefResult, c int) {
	cm := g.hist.commits[c]
	out.Commit = cm.hash
	out.Author = cm.author
	out.Subject = cm.subject
	out.ChangedAt = cm.when.UTC()
}

// countCommits counts the distinct commits among changes.
func countCommits(changes []change) int {
	n := 0
	for i, c := range changes {
		if i == 0 || c.commit != changes[i-1].commit {
			n++
		}
	}
	return n
}

// missing reports a ref that does not exist now: deleted when it existed
// at the baseline (with the commit that deleted it), else not_found.
func (g *gitCheck) missing(out *RefResult, t *target, b gitBaseline, after []change) {
	out.Commits = countCommits(after)
	if !g.existedAt(t, b) {
		g.lv.missing(out, NotFound)
		return
	}
	g.lv.missing(out, Deleted)
	for _, c := range after {
		if c.status == 'D' {
			g.setCommit(out, c.commit)
			return
		}
	}
	if len(t.dirty) > 0 {
		out.Uncommitted = true
	}
}

// changed reports a ref changed after the baseline: the first commit that
// changed it sets the time (the document has been out of date since), or
// the file's modification time for uncommitted changes only.
func (g *gitCheck) changed(out *RefResult, after []change, mtime time.Time) {
	if len(after) == 0 {
		out.Uncommitted = true
		g.lv.modified(out, mtime)
		return
	}
	first := after[len(after)-1].commit
	g.setCommit(out, first)
	g.lv.modified(out, g.hist.commits[first].when)
}

func (g *gitCheck) checkPath(d *DocInput, pr plannedRef, t *target, b gitBaseline) error {
	cur, err := g.now.stat(pr.r)
	if err != nil {
		return err
	}
	after := g.after(t, b)
	if !cur.Exists || emptiedFolder(pr.r, t) {
		g.missing(pr.out, t, b, after)
		return nil
	}
	g.noteUnseen(d, pr, t)
	mtime := g.dirtyTime(t)
	if len(after) == 0 && !(len(t.dirty) > 0 && b.countsDirty(mtime)) {
		return nil // fresh
	}
	base, ok, err := g.baselineSum(pr.r, t, b, cur)
	if err != nil {
		return err
	}
	if ok {
		now, err := g.now.hash(pr.r) // read only for a file changed since
		if err != nil {
			return err
		}
		if now.Files == 1 && now.SHA256 == base {
			return nil // fresh: the file is back to what the document knew
		}
		if after, err = g.sinceHeld(t, after, base); err != nil {
			return err
		}
	}
	g.changed(pr.out, after, mtime)
	pr.out.Commits = countCommits(after)
	return nil
}

// sinceHeld returns the changes of after (newest first) made since the
// file last held base, the SHA-256 of its content at the baseline: a
// change made and undone before them (a revert, an edit back) does not
// date the document, which was up to date again in between. Only the
// newest maxSymbolRevisions commits are read; past them the oldest change
// counts. Until 2026-11-28 the first change after the baseline dated the
// ref, though reverted since. A commit holding base undoes only the
// changes in its history (history.undoes): a side branch's revert, newer
// than a change on main, undoes nothing of it.
func (g *gitCheck) sinceHeld(t *target, after []change, base string) ([]change, error) {
	for i, c := range after {
		if i == maxSymbolRevisions {
			break
		}
		if c.status == 'D' || i == 0 && len(t.dirty) == 0 && c == t.changes[0] {
			continue // gone then, or what the work tree holds: not base
		}
		data, found, err := g.cat.show(g.hist.commits[c.commit].hash, g.repo.repoPath(c.path))
		if err != nil {
			return nil, err
		}
		if found && sha256Hex(data) == base && g.hist.undoes(c.commit, after[i+1:]) {
			return after[:i], nil
		}
	}
	return after, nil
}

// dirtyTime is when the target's uncommitted changes were made: the
// latest modification time of its changed files (for a deleted file, of
// the folder it was in).
func (g *gitCheck) dirtyTime(t *target) time.Time {
	var latest time.Time
	for _, e := range t.dirty {
		p := filepath.Join(g.repo.root, filepath.FromSlash(e.path))
		fi, err := os.Lstat(p)
		if err != nil {
			if fi, err = os.Lstat(filepath.Dir(p)); err != nil {
				continue
			}
		}
		if fi.ModTime().After(latest) {
			latest = fi.ModTime()
		}
	}
	return latest
}

// maxSymbolRevisions bounds how many commits are read one by one to find
// the one that first changed a Go declaration, and to count those that
// changed it since; with more, the first is found by a binary search.
// Until 2026-11-27 only the oldest 64 were read, and a declaration changed
// after them was dated by the newest commit to its file. It bounds too
// the commits a file is read at to find the one that took a declaration
// out (declVanished). A variable so that tests can lower it.
var maxSymbolRevisions = 64

// checkSymbol compares a Go declaration's text at the baseline commit with
// its text now. Only when they differ does the ref count as modified; the
// commit reported is the first after the baseline whose text differs.
func (g *gitCheck) checkSymbol(d *DocInput, pr plannedRef, t *target, b gitBaseline) error {
	cur, err := g.now.decl(pr.r)
	if err != nil {
		return err
	}
	if cur.parseErr != nil {
		g.warn(d, pr.r.ref.Line, fmt.Sprintf("source_ref %q: %v (the declaration is looked for in what parsed)", pr.r.ref.String(), cur.parseErr))
	}
	after := g.after(t, b)
	if !cur.fileExists {
		g.missing(pr.out, t, b, after)
		return nil
	}
	g.noteUnseen(d, pr, t)
	if !cur.found {
		g.lv.missing(pr.out, NotFound)
		if len(after) > 0 {
			g.setCommit(pr.out, after[0].commit)
			pr.out.Commits = countCommits(after)
		}
		// Taken out before the baseline too: where it went still tells
		// how to fix the ref.
		return g.noteVanished(pr, t)
	}
	if len(after) == 0 && !(len(t.dirty) > 0 && b.countsDirty(cur.mtime)) {
		return nil
	}
	// The baseline text is the declaration at the newest commit touching
	// the file that does not count: the document's state, or the one its
	// reviewed: date confirmed. None (the file came later, or a shallow
	// clone hides it): the declaration did not exist then.
	repoPath := g.repo.repoPath(pr.r.gitPath())
	var baseText []byte
	baseFound := false
	if c, ok := g.baselineChange(t, b); ok {
		baseText, baseFound, err = g.declAt(g.hist.commits[c.commit].hash, repoPath, pr.r.ref.Symbol)
		if err != nil {
			return err
		}
	}
	if baseFound && bytes.Equal(baseText, cur.text) {
		return nil // other code in the file changed, not this declaration
	}
	// The first commit (oldest first) whose text differs from the
	// baseline: every commit when they are few, else a binary search.
	differs := func(i int) ([]byte, bool, bool, error) {
		text, found, err := g.declAt(g.hist.commits[after[i].commit].hash, repoPath, pr.r.ref.Symbol)
		return text, found, err == nil && (found != baseFound || !bytes.Equal(text, baseText)), err
	}
	first := -1 // index in after (newest first) of the first differing commit
	var text []byte
	var found bool
	if len(after) <= maxSymbolRevisions {
		// Newest first, back to the newest commit that holds the
		// baseline text and has the changes before it in its history: a
		// change made and undone there (a revert) does not date the
		// document, up to date again in between; a side branch's revert,
		// newer than a change on main, undoes nothing of it. Until
		// 2026-11-28 the oldest differing commit dated it.
		first = len(after) - 1
		for i := range after {
			t, f, d, err := differs(i)
			if err != nil {
				return err
			}
			if !d && g.hist.undoes(after[i].commit, after[i+1:]) {
				first = i - 1
				break
			}
			text, found = t, f
		}
	} else {
		// A declaration that differs at a commit is taken to differ at
		// every later one (a change undone and made again between two
		// probes may be dated later than its first commit); about
		// log2(n) reads instead of one per commit to the file.
		t, f, d, err := differs(0)
		if err != nil {
			return err
		}
		if d {
			// after[lo] differs; after[hi] does not (hi = len: the
			// baseline itself).
			lo, hi := 0, len(after)
			text, found = t, f
			for hi-lo > 1 {
				mid := (lo + hi) / 2
				t, f, d, err := differs(mid)
				if err != nil {
					return err
				}
				if d {
					lo, text, found = mid, t, f
				} else {
					hi = mid
				}
			}
			first = lo
		}
	}
	if first < 0 {
		// Every commit kept the baseline text: the change is uncommitted.
		g.changed(pr.out, nil, cur.mtime)
		return nil
	}
	c := after[first].commit
	g.setCommit(pr.out, c)
	g.lv.modified(pr.out, g.hist.commits[c].when)
	// The later commits that changed it again, up to maxSymbolRevisions
	// of them read; those past them count as for a file.
	laterOnes := after[:first]
	skipped := 0
	if len(laterOnes) > maxSymbolRevisions {
		skipped = countCommits(laterOnes[:len(laterOnes)-maxSymbolRevisions])
		laterOnes = laterOnes[len(laterOnes)-maxSymbolRevisions:]
	}
	_, later, err := declChanges(g.cat, g.hist, laterOnes, repoPath, pr.r.ref.Symbol, declHash(text, found), nil, false)
	if err != nil {
		return err
	}
	pr.out.Commits = 1 + later + skipped
	return nil
}

// noteVanished notes a Go declaration ref not found in its file now when
// a commit took it out of the file, so findSymbolMoves can look for where
// it went.
func (g *gitCheck) noteVanished(pr plannedRef, t *target) error {
	if err := g.startCat(); err != nil {
		return err
	}
	repoPath := g.repo.repoPath(pr.r.gitPath())
	c, ok, err := declVanished(g.cat, g.hist, t.changes, repoPath, pr.r.ref.Symbol)
	if err != nil || !ok {
		return err
	}
	g.vanished = append(g.vanished, symbolGone{out: pr.out, file: repoPath, symbol: pr.r.ref.Symbol, hash: g.hist.commits[c].hash})
	return nil
}

// declAt returns a declaration's text in the file at a commit.
func (g *gitCheck) declAt(hash, repoPath, symbol string) ([]byte, bool, error) {
	if err := g.startCat(); err != nil {
		return nil, false, err
	}
	return readDecl(g.cat, hash, repoPath, symbol)
}

// startCat starts the git cat-file process the checks read blobs from.
func (g *gitCheck) startCat() error {
	if g.cat != nil {
		return nil
	}
	cf, err := startCatFile(g.ctx, g.repo)
	if err != nil {
		return err
	}
	g.cat = cf
	return nil
}

// baselineSum returns the SHA-256 of what the file ref's target t held at
// the baseline, to tell changes undone since (a revert, an edit back):
// the document is as up to date as it was when the file holds it again,
// as the index baseline and a Go declaration already judged (until
// 2026-11-27 such a file was stale, modified by the reverted commit). ok
// is false for anything but a file whose history has no other path (no
// folder, glob or move), or when the baseline holds no such file. It
// starts the cat-file reader.
func (g *gitCheck) baselineSum(r resolvedRef, t *target, b gitBaseline, cur Fingerprint) (string, bool, error) {
	if t.kind != kindPath || cur.Files != 1 || r.ref.Symbol != "" {
		return "", false, nil
	}
	for _, c := range t.changes {
		if c.path != t.rel {
			return "", false, nil
		}
	}
	c, ok := g.baselineChange(t, b)
	if !ok || c.status == 'D' {
		return "", false, nil
	}
	if err := g.startCat(); err != nil {
		return "", false, err
	}
	data, found, err := g.cat.show(g.hist.commits[c.commit].hash, g.repo.repoPath(c.path))
	if err != nil || !found {
		return "", false, err
	}
	return sha256Hex(data), true, nil
}

// baselineChange is the target's change the baseline holds: the newest
// that does not count (t.changes are newest first); ok is false when every
// change counts (the target came after the baseline, or a shallow clone
// hides it).
func (g *gitCheck) baselineChange(t *target, b gitBaseline) (change, bool) {
	for _, c := range t.changes {
		if !b.counts(g.hist, c.commit) {
			return c, true
		}
	}
	return change{}, false
}
