package stale

import (
	"context"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"time"

	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// Baselines a ref can be compared with.
const (
	BaselineAuto  = "auto"  // git in a git work tree, else index
	BaselineIndex = "index" // the fingerprints recorded when the document was last synced
	BaselineGit   = "git"   // commits after the last commit that touched the document
)

// DefaultThresholdDays is staleness.threshold_days when unset.
const DefaultThresholdDays = 7

// DocInput is one document to check.
type DocInput struct {
	// Filepath is the document relative to the docs folder, for display.
	Filepath string
	// RepoPath is the document file relative to the project root: what git
	// history is read for. Reports show it from the git root
	// (DocResult.RepoPath).
	RepoPath string
	Title    string
	Refs     []index.SourceRef
	// Reviewed is the frontmatter `reviewed: YYYY-MM-DD`, "" when absent.
	// Under the git baseline, commits dated on or before it do not count.
	Reviewed string
	// Baselines holds the index baseline: each ref's fingerprint when the
	// document was last synced, by SourceRef.String(). A ref missing here
	// is compared as if it did not exist then.
	Baselines map[string]Fingerprint
	// IndexedAt is when Baselines were recorded.
	IndexedAt time.Time
	// Warnings are the problems of the document's frontmatter its parse
	// found (a source_refs entry ignored, a reviewed date not read): the
	// report carries them, since they change what is checked. Until
	// 2026-11-27 such a document turned untracked, or stayed stale after
	// a review its author believed recorded, without a word.
	Warnings []index.Warning
}

// Options configures Check.
type Options struct {
	// Root is the project root that ref paths start from.
	Root string
	// Baseline is BaselineAuto (or ""), BaselineIndex or BaselineGit.
	Baseline string
	// ThresholdDays separates possibly_stale from stale; 0 means
	// DefaultThresholdDays.
	ThresholdDays int
	// Now is the time the report is made at; zero means time.Now().
	Now time.Time
	// GitDir is GIT_DIR in the environment the git processes run in
	// (they inherit ubp's): when set, git finds the repository through it
	// rather than from Root up, and so does the check. The caller reads
	// it; "" when unset.
	GitDir string
	// DocsDir is the docs folder from Root (slash-separated; "" for the
	// folder holding every document). Under the git baseline, a document
	// moved within it keeps the history of the path it came from.
	DocsDir string
}

// RefResult is one source ref of a document and how it stands.
type RefResult struct {
	Ref    string `json:"ref"` // path or path#Symbol as written
	Line   int    `json:"line"`
	Level  Level  `json:"level"`
	Reason Reason `json:"reason,omitempty"`
	// Commit, Author and ChangedAt describe the change when known: the
	// first commit that changed the ref after the baseline (for a deleted
	// ref, the commit that deleted it). Uncommitted changes have no commit
	// and the file's modification time.
	Commit      string    `json:"commit,omitempty"`
	Author      string    `json:"author,omitempty"`
	ChangedAt   time.Time `json:"changed_at,omitzero"`
	Uncommitted bool      `json:"uncommitted,omitempty"`
	// Subject is the first line of Commit's message; Commits counts the
	// commits that touched the ref since the baseline (Commit included),
	// for triage: one typo fix or a rewrite in twelve steps.
	Subject string `json:"subject,omitempty"`
	Commits int    `json:"commits,omitempty"`
	// Why says why a Rejected ref was refused.
	Why string `json:"why,omitempty"`
	// MovedTo is where a Moved ref went, from the project root, as a ref
	// would name it (with the #Symbol of a Go declaration; "../pkg2/" when
	// it left a project that is a folder of its repository, where no ref
	// can point): the commit that moved it is Commit.
	MovedTo string `json:"moved_to,omitempty"`
}

// Changed reports whether the ref counts against its document.
func (r RefResult) Changed() bool { return r.Level == PossiblyStale || r.Level == Stale }

// DocResult is one document's staleness.
type DocResult struct {
	// Filepath is the document relative to the docs folder (what get-page
	// takes), RepoPath relative to the git work tree top (in git; else to
	// the project root): what code scanning and reviewers need.
	Filepath string      `json:"filepath"`
	RepoPath string      `json:"repo_path"`
	Title    string      `json:"title"`
	Level    Level       `json:"level"`
	Refs     []RefResult `json:"refs"`
	// Rejected are the refs refused before anything was read (Reason
	// Rejected, with Why; each is also a warning): they count for no level.
	Rejected []RefResult `json:"rejected_refs,omitempty"`
}

// Report is the outcome of Check.
type Report struct {
	// Baseline is the baseline used: "index" or "git".
	Baseline      string    `json:"baseline"`
	GeneratedAt   time.Time `json:"generated_at"`
	ThresholdDays int       `json:"threshold_days"`
	// CommitURL, when the project's origin is on GitHub, is the prefix a
	// commit hash is appended to for a link ("https://github.com/o/r/commit/").
	CommitURL string `json:"commit_url,omitempty"`
	// Documents holds every document checked, by Filepath.
	Documents []DocResult `json:"documents"`
	// Counts has one entry per level, zero included.
	Counts   map[Level]int   `json:"counts"`
	Warnings []index.Warning `json:"warnings"`
	// PathsFrom says what RepoPath and warning paths start from: RootGit
	// (the git work tree top) or RootProject. ProjectPrefix is the project
	// root from the git work tree top ("svc/"), "" when they are the same.
	PathsFrom     string `json:"paths_from"`
	ProjectPrefix string `json:"project_prefix,omitempty"`
	// Incomplete is set when the check could not see everything it needs
	// (a shallow clone hides documents' commits): a clean report then
	// proves nothing, and `--exit-code` exits 2.
	Incomplete bool `json:"incomplete,omitempty"`
	// ToolVersion is ubp's version, for the SARIF tool description; the
	// caller sets it ("" leaves it out).
	ToolVersion string `json:"-"`
}

// What report paths start from.
const (
	RootGit     = "git_root"
	RootProject = "project_root"
)

// ExitCode is what `ubp stale --exit-code` exits with: 1 when a document
// is at or above threshold, else 2 when the report is incomplete (it cannot
// tell), else 0.
func (r Report) ExitCode(threshold Level) int {
	switch {
	case r.HasAtOrAbove(threshold):
		return 1
	case r.Incomplete:
		return 2
	}
	return 0
}

// AtOrAbove returns the documents whose level is l or worse, in the order
// fresh < possibly_stale < stale. Untracked documents are outside that
// order: they are included only when l is untracked, which selects every
// document.
func (r Report) AtOrAbove(l Level) []DocResult {
	var out []DocResult
	for _, d := range r.Documents {
		if atOrAbove(d.Level, l) {
			out = append(out, d)
		}
	}
	return out
}

// HasAtOrAbove reports whether any document is at level l or worse: the
// condition under which `ubp stale --exit-code` exits 1.
func (r Report) HasAtOrAbove(l Level) bool {
	for _, d := range r.Documents {
		if atOrAbove(d.Level, l) {
			return true
		}
	}
	return false
}

func atOrAbove(have, threshold Level) bool {
	if have == Untracked {
		return threshold == Untracked
	}
	return have.Rank() >= threshold.Rank()
}

// ParseLevel returns the level named s.
func ParseLevel(s string) (Level, error) {
	switch l := Level(s); l {
	case Fresh, PossiblyStale, Stale, Untracked:
		return l, nil
	}
	return "", fmt.Errorf("unknown staleness level %q: use fresh, possibly_stale, stale or untracked", s)
}

// GitBaselineError is Check's error when the git baseline is asked for
// and the project is not in a git work tree, or git is not installed.
// Its message says what failed; the front ends name what asked for the
// baseline (a flag, the configuration) and what to do.
type GitBaselineError struct {
	Cause error // why git could not be used; nil when unknown
}

func (e *GitBaselineError) Error() string { return "the git baseline " + e.Needs() }

// Needs is the message without its subject: "needs the project in a git
// work tree with git installed: not a git work tree".
func (e *GitBaselineError) Needs() string {
	msg := "needs the project in a git work tree with git installed"
	if e.Cause != nil {
		msg += ": " + e.Cause.Error()
	}
	return msg
}

func (e *GitBaselineError) Unwrap() error { return e.Cause }

// plannedRef is a ref that passed CheckPath, with its position in the
// document's results.
type plannedRef struct {
	r   resolvedRef
	out *RefResult
	// removals, for a deleted folder ref, are the commits since the
	// baseline that deleted or moved files out of it, newest first (see
	// findRefMoves); nil when only out.Commit is known.
	removals []string
	// goneBy, for a ref gone before the baseline (reported not found, or
	// deleted with no commit), is the commit that took it out last:
	// findRefMoves reports it moved, by that commit, when that commit
	// moved it somewhere that still holds it (removals are then that
	// commit's and those that took a folder's other files out last).
	goneBy string
}

// docPlan is one document while it is being checked.
type docPlan struct {
	in   *DocInput
	out  *DocResult
	refs []plannedRef
}

// Check decides the staleness of every document against the baseline
// chosen in opts and returns the report, with documents sorted by
// Filepath. Rejected refs (see CheckPath) become warnings naming the
// document and line and are left out; a document whose refs were all
// rejected is untracked. Errors are returned only when checking cannot
// proceed (the root is missing, git fails under the git baseline, ctx is
// done).
func Check(ctx context.Context, opts Options, docs []DocInput) (Report, error) {
	if opts.ThresholdDays == 0 {
		opts.ThresholdDays = DefaultThresholdDays
	}
	if opts.ThresholdDays < 0 {
		return Report{}, fmt.Errorf("staleness threshold_days is %d: use a number of days ≥ 1", opts.ThresholdDays)
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	rootReal, err := realRoot(opts.Root)
	if err != nil {
		return Report{}, err
	}
	rep := Report{
		GeneratedAt:   opts.Now,
		ThresholdDays: opts.ThresholdDays,
		Documents:     make([]DocResult, len(docs)),
		Counts:        map[Level]int{Fresh: 0, PossiblyStale: 0, Stale: 0, Untracked: 0},
		Warnings:      []index.Warning{},
	}

	// The git work tree is found once; under the index baseline only when
	// a ref changed (its commit is then looked up), so the common case of
	// nothing changed starts no process.
	var repo *gitRepo
	repoOpened := false
	var repoErr error
	openRepo := func() *gitRepo {
		if !repoOpened {
			repoOpened = true
			repo, repoErr = openGit(ctx, rootReal, opts.GitDir)
			if repo != nil {
				rep.CommitURL = commitURLBase(repo.remoteURL(ctx))
			}
		}
		return repo
	}
	switch opts.Baseline {
	case "", BaselineAuto:
		rep.Baseline = BaselineIndex
		if openRepo() != nil {
			rep.Baseline = BaselineGit
		} else if mayBeGit(rootReal, opts.GitDir) && repoErr != nil && ctx.Err() == nil {
			// A .git is here but git could not read it (not installed,
			// not on PATH): say why the baseline is not git.
			rep.Warnings = append(rep.Warnings, index.Warning{Message: fmt.Sprintf("the project is in a git work tree, but git could not read it (%v), "+
				"so the auto baseline is the index's, which knows only what changed since each document was indexed here; install git or choose the index baseline", repoErr)})
		}
	case BaselineGit:
		rep.Baseline = BaselineGit
		if openRepo() == nil {
			if errors.Is(repoErr, errNotGit) || repoErr == nil {
				return Report{}, &GitBaselineError{Cause: repoErr}
			}
		}
	case BaselineIndex:
		rep.Baseline = BaselineIndex
	default:
		return Report{}, fmt.Errorf("unknown staleness baseline %q: use auto, index or git", opts.Baseline)
	}
	if repoErr != nil && !errors.Is(repoErr, errNotGit) {
		return Report{}, fmt.Errorf("read the git repository: %w", repoErr)
	}

	plans := make([]docPlan, len(docs))
	today := opts.Now.Format(time.DateOnly)
	// A reviewed: date of tomorrow is today somewhere east of UTC; one
	// further ahead is a typo (2062 for 2026) that would hide every change
	// for years: it is ignored.
	tomorrow := opts.Now.AddDate(0, 0, 1).Format(time.DateOnly)
	docs = slices.Clone(docs)
	// Documents under a folder that is a symlink inside the project are
	// read, and reported, where git records them. Until 2026-11-27 git was
	// asked about the path through the link, which it never held: the
	// document was untracked and a changed ref fresh.
	folders := newRealFolders(rootReal)
	if opts.DocsDir != "" {
		opts.DocsDir = folders.folder(path.Clean(opts.DocsDir))
	}
	for i := range docs {
		d := &docs[i]
		d.RepoPath = folders.path(d.RepoPath)
		if d.Reviewed > today {
			if _, err := time.Parse(time.DateOnly, d.Reviewed); err == nil {
				if d.Reviewed > tomorrow {
					rep.Warnings = append(rep.Warnings, index.Warning{File: docName(d), Line: reviewedLine(rootReal, d), Message: fmt.Sprintf(
						"reviewed: %s is in the future (today is %s), so it is ignored; set it to the day you checked the document", d.Reviewed, today)})
					d.Reviewed = ""
				} else {
					rep.Warnings = append(rep.Warnings, index.Warning{File: docName(d), Line: reviewedLine(rootReal, d), Message: fmt.Sprintf(
						"reviewed: %s is tomorrow (today is %s in UTC): changes until then are ignored; set it to the day you checked the document", d.Reviewed, today)})
				}
			}
		}
		for _, w := range d.Warnings {
			if recordedRejection(w, d.Refs) {
				continue // decided again below
			}
			rep.Warnings = append(rep.Warnings, index.Warning{File: docName(d), Line: w.Line, Message: w.Message})
		}
		var ok []resolvedRef
		var rejected []RefResult
		recorded := func(key string) bool { fp, ok := d.Baselines[key]; return ok && fp.Exists }
		for _, ref := range d.Refs {
			r, err := acceptRef(ctx, rootReal, ref, recorded, openRepo)
			if err != nil {
				var rej *RejectedError
				if !errors.As(err, &rej) {
					return Report{}, err
				}
				rep.Warnings = append(rep.Warnings, index.Warning{File: docName(d), Line: ref.Line, Message: err.Error()})
				rejected = append(rejected, RefResult{Ref: ref.String(), Line: ref.Line, Level: Untracked, Reason: Rejected, Why: rej.Why})
				continue
			}
			ok = append(ok, r)
		}
		out := &rep.Documents[i]
		*out = DocResult{Filepath: d.Filepath, RepoPath: d.RepoPath, Title: d.Title, Refs: make([]RefResult, len(ok)), Rejected: rejected}
		plans[i] = docPlan{in: d, out: out, refs: make([]plannedRef, len(ok))}
		for k, r := range ok {
			out.Refs[k] = RefResult{Ref: r.ref.String(), Line: r.ref.Line, Level: Fresh}
			plans[i].refs[k] = plannedRef{r: r, out: &out.Refs[k]}
		}
	}

	lv := leveler{now: opts.Now, threshold: time.Duration(opts.ThresholdDays) * 24 * time.Hour}
	var warns []index.Warning
	if rep.Baseline == BaselineGit {
		var hidden int
		warns, hidden, err = checkGit(ctx, repo, plans, lv, rootReal, opts.DocsDir)
		if hidden > 0 {
			rep.Incomplete = true
			rep.Warnings = append(rep.Warnings, index.Warning{Message: fmt.Sprintf(
				"shallow clone: the last commit of %d of %s with source_refs is not in the history fetched, so their levels cannot be trusted "+
					"(every visible commit counts, older changes are unseen); clone with the full history (actions/checkout: fetch-depth: 0)",
				hidden, count(countTracked(plans), "document", "documents"))})
		}
	} else {
		warns, err = checkIndex(ctx, openRepo, plans, lv)
	}
	if err != nil {
		return Report{}, err
	}
	rep.Warnings = distinctWarnings(append(rep.Warnings, warns...))

	// Paths from the git work tree top, as code scanning resolves them.
	rep.PathsFrom = RootProject
	prefix, inGit := "", false
	if repo != nil {
		prefix, inGit = repo.prefix, true
	} else {
		prefix, inGit = gitPrefix(rootReal, opts.GitDir)
	}
	if inGit {
		rep.PathsFrom, rep.ProjectPrefix = RootGit, prefix
		for i := range rep.Documents {
			if rep.Documents[i].RepoPath != "" {
				rep.Documents[i].RepoPath = prefix + rep.Documents[i].RepoPath
			}
		}
		for i := range rep.Warnings {
			if f := rep.Warnings[i].File; !projectWide(rep.Warnings[i]) && !filepath.IsAbs(f) {
				rep.Warnings[i].File = prefix + f
			}
		}
	}

	for i := range rep.Documents {
		d := &rep.Documents[i]
		d.Level = Untracked
		if len(d.Refs) > 0 {
			d.Level = Fresh
		}
		for _, r := range d.Refs {
			if r.Level.Rank() > d.Level.Rank() {
				d.Level = r.Level
			}
		}
		rep.Counts[d.Level]++
	}
	sort.SliceStable(rep.Documents, func(i, j int) bool { return rep.Documents[i].Filepath < rep.Documents[j].Filepath })
	sort.SliceStable(rep.Warnings, func(i, j int) bool {
		a, b := rep.Warnings[i], rep.Warnings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return rep, nil
}

func countTracked(plans []docPlan) int {
	n := 0
	for _, p := range plans {
		if len(p.refs) > 0 {
			n++
		}
	}
	return n
}

// docName is how warnings name a document.
// reviewedLine is the line of the document's "reviewed:" key, as its
// other frontmatter warnings give theirs (file:line: message): the index
// keeps the date, not its line, so the file is read, when a warning names
// the date only. It is 0 when the file cannot be read.
func reviewedLine(root string, d *DocInput) int {
	if d.RepoPath == "" || root == "" {
		return 0
	}
	src, err := discover.ReadFile(filepath.Join(root, filepath.FromSlash(d.RepoPath)), index.DefaultMaxFileSize)
	if err != nil {
		return 0
	}
	return index.FrontmatterKeyLine(src, "reviewed")
}

func docName(d *DocInput) string {
	if d.RepoPath != "" {
		return d.RepoPath
	}
	return d.Filepath
}

// leveler turns a change time into a level.
type leveler struct {
	now       time.Time
	threshold time.Duration
}

// modified sets a changed ref's level from when it changed: younger than
// the threshold is possibly_stale, the threshold or older is stale.
func (lv leveler) modified(out *RefResult, changedAt time.Time) {
	out.Reason = Modified
	out.ChangedAt = changedAt.UTC() // RFC 3339 in UTC, as documented, whatever the committer's zone
	out.Level = modifiedLevel(changedAt, lv.now, lv.threshold)
}

func modifiedLevel(changedAt, now time.Time, threshold time.Duration) Level {
	if !changedAt.IsZero() && now.Sub(changedAt) < threshold {
		return PossiblyStale
	}
	return Stale
}

// LevelAt is the level of a changed ref (Changed is true) at time now
// with the threshold in days: what Check would say then, from its reason
// and ChangedAt. A stored result ages with it (possibly_stale becomes
// stale) without being checked again.
func (r RefResult) LevelAt(now time.Time, thresholdDays int) Level {
	if r.Reason != Modified {
		return Stale
	}
	if thresholdDays <= 0 {
		thresholdDays = DefaultThresholdDays
	}
	return modifiedLevel(r.ChangedAt, now, time.Duration(thresholdDays)*24*time.Hour)
}

// missing marks a ref that does not exist now: always stale.
func (lv leveler) missing(out *RefResult, reason Reason) {
	out.Reason = reason
	out.Level = Stale
}

// distinctWarnings drops the repeats of a warning (a rejected ref is named
// by its document's parse and by the check), keeping the first.
func distinctWarnings(warns []index.Warning) []index.Warning {
	seen := map[index.Warning]bool{}
	out := warns[:0]
	for _, w := range warns {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
