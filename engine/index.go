package engine

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/embedrun"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
	"github.com/ubp-dev/ubp/engine/internal/writer"
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
	// Incidental marks a run nobody asked for (a read command or ubp serve
	// bringing the index up to date before it answers): it learns the
	// latent space (first, or anew once the sections doubled) only for an
	// index small enough to take seconds at most, and leaves a larger
	// index's to the next ubp index.
	Incidental bool
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
// changed are written. An unchanged folder writes nothing. The writing is
// engine/internal/writer's; then the sections written get their short-term
// postings and embeddings (see afterIndex).
//
// The report's Sections, Links, Dangling and Ambiguous are totals of the
// index after the run; the other counts describe the files of the run.
func (e *Engine) Index(ctx context.Context, opts IndexOptions) (_ IndexReport, err error) {
	defer e.explainDamage(&err)
	policy := latentrun.WhenDue
	switch {
	case opts.Full:
		policy = latentrun.Always
	case opts.Incidental:
		policy = latentrun.Bounded
	}
	return e.run(ctx, writer.Options{Full: opts.Full, Progress: opts.Progress, LockWait: opts.LockWait}, policy)
}

// IndexPaths brings only the given files (absolute paths, created,
// modified or deleted) up to date, then re-resolves links. A path may also
// be a folder (created, deleted or renamed): every document under it is
// considered. Paths outside the docs folder are ignored. A pending
// migration that demands a re-index turns this into a full Index.
func (e *Engine) IndexPaths(ctx context.Context, absPaths []string) (_ IndexReport, err error) {
	defer e.explainDamage(&err)
	sc, all, err := writer.ScopeFor(e.Project().DocsDir(), absPaths)
	if err != nil {
		return writer.EmptyReport(), err
	}
	if all {
		return e.run(ctx, writer.Options{}, latentrun.Bounded)
	}
	if sc.Empty() {
		return writer.EmptyReport(), nil
	}
	return e.run(ctx, writer.Options{Scope: sc}, latentrun.Bounded)
}

// run is one indexing run: the writer's, followed (under its lock) by
// afterIndex, which trains the latent space as policy allows.
func (e *Engine) run(ctx context.Context, o writer.Options, policy latentrun.Policy) (IndexReport, error) {
	if e.readOnly {
		return writer.EmptyReport(), fmt.Errorf("index: %w", ErrReadOnly)
	}
	// Checked at each run, not only when the project was loaded: a
	// server's docs folder may become a symlink leading elsewhere.
	p := e.Project() // one configuration for the whole run
	if err := p.CheckDocsInside(); err != nil {
		return writer.EmptyReport(), fmt.Errorf("index: %w", err)
	}
	o.AfterWrite = func(ctx context.Context, rep *IndexReport, w writer.Written) error {
		return e.afterIndex(ctx, rep, embedrun.Scope{StartGeneration: w.StartGeneration, Docs: w.Docs}, policy)
	}
	cfg := p.Config
	return e.writer.Run(ctx, writer.Project{
		Root:        p.Root,
		DocsDir:     p.DocsDir(),
		LockPath:    p.LockPath(),
		Include:     cfg.Include,
		Exclude:     cfg.Exclude,
		MaxFileSize: cfg.MaxFileSize,
		GitDir:      e.getenv("GIT_DIR"),
	}, o)
}
