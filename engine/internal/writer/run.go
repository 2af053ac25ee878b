package writer

import (
	"context"
	"database/sql"
	"sync/atomic"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/index"
)

// Writer writes the index of one project through the write pool db. Its
// methods are safe for concurrent use: runs take turns (see Lock).
type Writer struct {
	db  *sql.DB
	sem chan struct{} // one indexing run at a time in this process
	// folderRuns counts the runs of the whole docs folder begun, for
	// tests that check one is not taken.
	folderRuns atomic.Int64
}

// FolderRuns is how many runs of the whole docs folder (no Scope) began.
func (w *Writer) FolderRuns() int64 { return w.folderRuns.Load() }

// New returns a writer on db, the pool whose transactions begin with
// BEGIN IMMEDIATE.
func New(db *sql.DB) *Writer {
	return &Writer{db: db, sem: make(chan struct{}, 1)}
}

// Project is what a run needs to know of the project it indexes.
type Project struct {
	// Root is the project root: source refs are paths from it.
	Root string
	// DocsDir is the absolute path of the docs folder.
	DocsDir string
	// LockPath is the file that serialises indexing runs across processes.
	LockPath string
	// Include, Exclude and MaxFileSize are the discovery rules of the
	// configuration (see discover.Options).
	Include     []string
	Exclude     []string
	MaxFileSize int64
	// GitDir is GIT_DIR as the git processes see it ("" when unset): a
	// ref's rejection may ask git whether a commit held its path (see
	// stale.Rejecter).
	GitDir string
}

// Options tune a run.
type Options struct {
	// Full re-parses and rewrites every file, changed or not.
	Full bool
	// Scope limits the run to some paths (see ScopeFor); nil: the whole
	// docs folder.
	Scope *Scope
	// Progress, when set, is called as files are processed (from the
	// calling goroutine's run, never concurrently).
	Progress func(done, total int)
	// LockWait, when set, is called once (from another goroutine) when the
	// run has waited a second for another indexing run to release the
	// lock; holder names it ("process 1234").
	LockWait func(holder string)
	// AfterWrite, when set, runs once documents are written and links
	// resolved, still under the lock, before the run is stamped and
	// counted. Its error ends the run.
	AfterWrite func(ctx context.Context, rep *answer.IndexReport, w Written) error
	// RelinkStats, when set, receives how links were resolved (tests).
	RelinkStats *RelinkStats
}

// Written is what a run wrote, for the work that follows it.
type Written struct {
	// StartGeneration is the search_generation counter when the run began,
	// before its writes.
	StartGeneration int64
	// Docs are the ids of the documents the run wrote: their sections are
	// the only ones it can have left without embeddings.
	Docs []int64
}

// EmptyReport is the report of a run that did nothing.
func EmptyReport() answer.IndexReport { return answer.IndexReport{Warnings: []index.Warning{}} }

// runOptions is what one indexing run covers.
type runOptions struct {
	full     bool
	scope    *Scope // nil: the whole docs folder
	progress func(done, total int)
	// written receives the ids of the documents the run wrote.
	written *[]int64
	// relink collects what the run changed that link targets depend on;
	// nil: every link is re-resolved (see resolveLinks).
	relink *relinkSet
	// firstBuild: the run fills an empty index with the full-text index
	// deferred (see deferFTS), so it may commit in larger transactions.
	firstBuild bool
}

// Run brings the index up to date with the docs folder of p (or the paths
// of o.Scope).
//
// A run discovers the files, skips those whose size and modification time
// match the index (then those whose SHA-256 does), re-parses the others in
// parallel and writes each document (row, sections, links, source refs) in
// its own transaction, so a reader never sees half a document. Files gone
// from the folder are deleted, except that a new file with the content of a
// vanished one is a rename: it reuses the row (sections, vectors) and takes
// the doc_id of its new path. The outcome never depends on the history of
// the index: a rebuild from scratch gives the same doc_ids and links. Links are
// then re-resolved against every document, and only the links whose target
// changed are written. An unchanged folder writes nothing. A pending
// migration that demands a re-index makes the run Full and unscoped.
//
// The report's Sections, Links, Dangling and Ambiguous are totals of the
// index after the run; the other counts describe the files of the run.
func (w *Writer) Run(ctx context.Context, p Project, opts Options) (answer.IndexReport, error) {
	rep := EmptyReport()
	start := time.Now()
	if opts.Scope == nil {
		w.folderRuns.Add(1)
	}
	unlock, err := w.Lock(ctx, p.LockPath, opts.LockWait)
	if err != nil {
		return rep, err
	}
	defer unlock()

	o := runOptions{full: opts.Full, scope: opts.Scope, progress: opts.Progress}
	needsReindex, _, err := store.GetMeta(ctx, w.db, store.MetaNeedsReindex)
	if err != nil {
		return rep, err
	}
	if needsReindex == "1" {
		o.full, o.scope = true, nil
	}

	// An earlier first build that stopped early may have left the
	// full-text index deferred (see fts.go).
	if err := w.restoreFTS(ctx); err != nil {
		return rep, err
	}
	if err := w.refold(ctx); err != nil {
		return rep, err
	}
	startGen, err := store.SearchGeneration(ctx, w.db)
	if err != nil {
		return rep, err
	}
	o.written = &[]int64{}
	// Links left unresolved by an earlier run that stopped early are all
	// re-resolved; otherwise only those this run's changes can affect.
	if _, relinkPending, err := store.GetMeta(ctx, w.db, MetaNeedsRelink); err != nil {
		return rep, err
	} else if !relinkPending {
		o.relink = newRelinkSet()
	}
	plan, err := w.scan(ctx, p, o, &rep)
	if err != nil {
		return rep, err
	}
	deferred, err := w.deferFTS(ctx, plan)
	if err != nil {
		return rep, err
	}
	o.firstBuild = deferred
	wrote, err := w.applyPlan(ctx, p, plan, o, &rep)
	var relinked int
	if deferred {
		// A first build resolves its links before the deferred indexes
		// and triggers come back, so that writing every link's target
		// does not update five indexes and a counter (see fts.go).
		if err == nil {
			relinked, err = w.resolveLinks(ctx, o.relink, opts.RelinkStats)
		}
		if rerr := w.restoreFTS(ctx); err == nil {
			err = rerr
		}
	} else if err == nil {
		relinked, err = w.resolveLinks(ctx, o.relink, opts.RelinkStats)
	}
	if err != nil {
		return rep, err
	}
	if opts.AfterWrite != nil {
		if err := opts.AfterWrite(ctx, &rep, Written{StartGeneration: startGen, Docs: *o.written}); err != nil {
			return rep, err
		}
	}
	if err := w.recordSkipped(ctx, o.scope, rep.Warnings); err != nil {
		return rep, err
	}
	if err := w.finishRun(ctx, wrote || relinked > 0, needsReindex == "1"); err != nil {
		return rep, err
	}
	if err := w.countTotals(ctx, &rep); err != nil {
		return rep, err
	}
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	return rep, nil
}

// finishRun records the time of the run (only when the index changed, or
// was never stamped, so an unchanged folder writes nothing) and clears a
// pending re-index demand.
func (w *Writer) finishRun(ctx context.Context, changed, clearReindex bool) error {
	_, stamped, err := store.GetMeta(ctx, w.db, store.MetaLastIndexedAt)
	if err != nil {
		return err
	}
	if !changed && stamped && !clearReindex {
		return nil
	}
	return store.WithTx(ctx, w.db, func(tx *sql.Tx) error {
		if err := store.SetMeta(ctx, tx, store.MetaLastIndexedAt, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return err
		}
		if clearReindex {
			return store.DeleteMeta(ctx, tx, store.MetaNeedsReindex)
		}
		return nil
	})
}

// countTotals fills the index-wide counts of a report.
func (w *Writer) countTotals(ctx context.Context, rep *answer.IndexReport) error {
	t, err := docwrite.CountTotals(ctx, w.db)
	if err != nil {
		return err
	}
	rep.Sections, rep.Links, rep.Dangling, rep.Ambiguous = t.Sections, t.Links, t.Dangling, t.Ambiguous
	return nil
}
