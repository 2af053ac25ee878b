package engine

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/text/unicode/norm"

	"github.com/ubp-dev/ubp/index"
)

// IndexOptions tune Index.
type IndexOptions struct {
	// Full re-parses and rewrites every file, changed or not.
	Full bool
	// Progress, when set, is called as files are processed (from the
	// calling goroutine's run, never concurrently).
	Progress func(done, total int)
	// LockWait, when set, is called once (from another goroutine) when the
	// run has waited a second for another indexing run to release
	// .ubp/index.lock; holder names it ("process 1234").
	LockWait func(holder string)
}

// Index brings the index up to date with the docs folder.
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
// changed are written. An unchanged folder writes nothing.
//
// The report's Sections, Links, Dangling and Ambiguous are totals of the
// index after the run; the other counts describe the files of the run.
func (e *Engine) Index(ctx context.Context, opts IndexOptions) (IndexReport, error) {
	return e.run(ctx, runOptions{full: opts.Full, progress: opts.Progress, lockWait: opts.LockWait})
}

// IndexPaths brings only the given files (absolute paths, created,
// modified or deleted) up to date, then re-resolves links. A path may also
// be a folder (created, deleted or renamed): every document under it is
// considered. Paths outside the docs folder are ignored. A pending
// migration that demands a re-index turns this into a full Index.
func (e *Engine) IndexPaths(ctx context.Context, absPaths []string) (IndexReport, error) {
	sc, all, err := e.scopeFor(absPaths)
	if err != nil {
		return emptyReport(), err
	}
	if all {
		return e.run(ctx, runOptions{})
	}
	if sc.empty() {
		return emptyReport(), nil
	}
	return e.run(ctx, runOptions{scope: sc})
}

func emptyReport() IndexReport { return IndexReport{Warnings: []index.Warning{}} }

// runOptions is what one indexing run covers.
type runOptions struct {
	full     bool
	scope    *pathScope // nil: the whole docs folder
	progress func(done, total int)
	lockWait func(holder string)
	// written receives the ids of the documents the run wrote (their
	// sections are the only ones it can have left without embeddings).
	written *[]int64
	// relink collects what the run changed that link targets depend on;
	// nil: every link is re-resolved (see resolveLinks).
	relink *relinkSet
	// relinkStats, when set, receives how links were resolved (tests).
	relinkStats *relinkStats
	// firstBuild: the run fills an empty index with the full-text index
	// deferred (see deferFTS), so it may commit in larger transactions.
	firstBuild bool
}

// pathScope limits a run to some paths of the docs folder: each entry is a
// file path or a folder prefix, relative to the docs folder.
type pathScope struct {
	prefixes map[string]bool
}

func (s *pathScope) empty() bool { return s == nil || len(s.prefixes) == 0 }

// paths lists the scope's paths, sorted; nil for no scope (the whole
// folder).
func (s *pathScope) paths() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.prefixes))
	for p := range s.prefixes {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// contains reports whether rel is one of the paths or under one of them.
func (s *pathScope) contains(rel string) bool {
	if s == nil {
		return true
	}
	if s.prefixes[rel] {
		return true
	}
	for i := strings.LastIndexByte(rel, '/'); i > 0; i = strings.LastIndexByte(rel[:i], '/') {
		if s.prefixes[rel[:i]] {
			return true
		}
	}
	return false
}

// scopeFor maps absolute paths to docs-relative ones. all is true when a
// path is the docs folder itself or one of its parents.
func (e *Engine) scopeFor(absPaths []string) (sc *pathScope, all bool, err error) {
	docs, err := filepath.Abs(e.p.DocsDir())
	if err != nil {
		return nil, false, fmt.Errorf("index paths: resolve docs folder: %w", err)
	}
	sc = &pathScope{prefixes: map[string]bool{}}
	for _, p := range absPaths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, false, fmt.Errorf("index paths: resolve %q: %w", p, err)
		}
		rel, err := filepath.Rel(docs, abs)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
			return nil, true, nil
		case rel == ".." || strings.HasPrefix(rel, "../"):
			if r, err := filepath.Rel(abs, docs); err == nil && !strings.HasPrefix(filepath.ToSlash(r), "..") {
				return nil, true, nil // a parent of the docs folder
			}
			continue
		}
		sc.prefixes[norm.NFC.String(rel)] = true
	}
	return sc, false, nil
}

// run is one indexing run: lock, scan, parse, write, resolve, finish.
func (e *Engine) run(ctx context.Context, o runOptions) (IndexReport, error) {
	rep := emptyReport()
	if e.readOnly {
		return rep, fmt.Errorf("index: %w", ErrReadOnly)
	}
	start := time.Now()
	unlock, err := e.lockIndex(ctx, o.lockWait)
	if err != nil {
		return rep, err
	}
	defer unlock()

	needsReindex, _, err := getMeta(ctx, e.db, metaNeedsReindex)
	if err != nil {
		return rep, err
	}
	if needsReindex == "1" {
		o.full, o.scope = true, nil
	}

	// An earlier first build that stopped early may have left the
	// full-text index deferred (see indexer_fts.go).
	if err := e.restoreFTS(ctx); err != nil {
		return rep, err
	}
	startGen, err := e.searchGeneration(ctx)
	if err != nil {
		return rep, err
	}
	o.written = &[]int64{}
	// Links left unresolved by an earlier run that stopped early are all
	// re-resolved; otherwise only those this run's changes can affect.
	if _, relinkPending, err := getMeta(ctx, e.db, metaNeedsRelink); err != nil {
		return rep, err
	} else if !relinkPending {
		o.relink = newRelinkSet()
	}
	plan, err := e.scan(ctx, o, &rep)
	if err != nil {
		return rep, err
	}
	deferred, err := e.deferFTS(ctx, plan)
	if err != nil {
		return rep, err
	}
	o.firstBuild = deferred
	wrote, err := e.applyPlan(ctx, plan, o, &rep)
	if deferred {
		if rerr := e.restoreFTS(ctx); err == nil {
			err = rerr
		}
	}
	if err != nil {
		return rep, err
	}
	relinked, err := e.resolveLinks(ctx, o.relink, o.relinkStats)
	if err != nil {
		return rep, err
	}
	if err := e.afterIndex(ctx, &rep, embedScope{startGen: startGen, docs: *o.written}); err != nil {
		return rep, err
	}
	if err := e.finishRun(ctx, wrote || relinked > 0, needsReindex == "1"); err != nil {
		return rep, err
	}
	if err := e.countTotals(ctx, &rep); err != nil {
		return rep, err
	}
	rep.Elapsed = time.Since(start).Round(time.Millisecond).String()
	return rep, nil
}

// finishRun records the time of the run (only when the index changed, or
// was never stamped, so an unchanged folder writes nothing) and clears a
// pending re-index demand.
func (e *Engine) finishRun(ctx context.Context, changed, clearReindex bool) error {
	_, stamped, err := getMeta(ctx, e.db, metaLastIndexedAt)
	if err != nil {
		return err
	}
	if !changed && stamped && !clearReindex {
		return nil
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error {
		if err := setMeta(ctx, tx, metaLastIndexedAt, time.Now().UTC().Format(time.RFC3339)); err != nil {
			return err
		}
		if clearReindex {
			return deleteMeta(ctx, tx, metaNeedsReindex)
		}
		return nil
	})
}

// countTotals fills the index-wide counts of a report.
func (e *Engine) countTotals(ctx context.Context, rep *IndexReport) error {
	err := e.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM sections),
		(SELECT count(*) FROM links),
		(SELECT count(*) FROM links WHERE target_id IS NULL),
		(SELECT count(*) FROM links WHERE ambiguous = 1)`).
		Scan(&rep.Sections, &rep.Links, &rep.Dangling, &rep.Ambiguous)
	if err != nil {
		return fmt.Errorf("count index totals: %w", err)
	}
	return nil
}
