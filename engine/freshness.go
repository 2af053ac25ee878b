package engine

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/ubp-dev/ubp/engine/freshness"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/reader"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/index/discover"
)

// IndexFreshness is how the index stands against the docs folder.
type IndexFreshness struct {
	// Built is false until an indexing run has completed (the run's last
	// step stamps last_indexed_at): the index is missing or empty, or its
	// first build stopped before the end (Documents says what it kept).
	Built bool `json:"built"`
	// Documents is how many documents the index holds, whether built or
	// not: an unbuilt index holding some is a first build that was stopped
	// (SIGINT, a kill), which kept what it wrote and which the next run
	// finishes.
	Documents int `json:"documents"`
	// NeedsReindex: a migration demands a full re-index.
	NeedsReindex bool `json:"needs_reindex,omitempty"`
	// Diff lists the files that changed since the last index.
	Diff freshness.Diff `json:"changed"`
	// UnitsQueued: sections wait for their short-term postings (a run
	// stopped before writing them, or a migration that queued them again),
	// so short Japanese terms are found by scanning every section until
	// an indexing run writes them.
	UnitsQueued bool `json:"units_queued,omitempty"`
	// RelinkPending: links wait to be resolved again (a run stopped
	// before resolving them, or a migration that changed the rules), so
	// some may point where the files no longer say until a run resolves them.
	RelinkPending bool `json:"relink_pending,omitempty"`
}

// Current reports whether the index can answer for the folder as it is,
// as fast as it can.
func (f IndexFreshness) Current() bool {
	return f.Built && !f.NeedsReindex && f.Diff.Count() == 0 && !f.UnitsQueued && !f.RelinkPending
}

// Freshness compares the docs folder with the index without reading any
// document: a walk that stats each file (the same discovery rules as
// Index: includes, excludes, .gitignore, size limit) against the size and
// modification time stored per document. Only files the index does not
// hold are read, to drop those Index would skip too (not text, unreadable),
// so a skipped file is not reported as changed on every call.
func (e *Engine) Freshness(ctx context.Context) (_ IndexFreshness, err error) {
	defer e.explainDamage(&err)
	var f IndexFreshness
	built, err := e.Built(ctx)
	if err != nil {
		return f, err
	}
	f.Built = built
	v, _, err := store.GetMeta(ctx, e.db, store.MetaNeedsReindex)
	if err != nil {
		return f, err
	}
	f.NeedsReindex = v == "1"
	if f.UnitsQueued, err = fulltext.UnitsQueued(ctx, e.db); err != nil {
		return f, err
	}
	if _, f.RelinkPending, err = store.GetMeta(ctx, e.db, writer.MetaNeedsRelink); err != nil {
		return f, err
	}

	// The stored values are read while the folder is walked.
	type storedResult struct {
		m   map[string]freshness.Stat
		err error
	}
	storedc := make(chan storedResult, 1)
	go func() {
		m, err := reader.StoredStats(ctx, e.rdb)
		storedc <- storedResult{m, err}
	}()
	p := e.Project() // one configuration for the whole check
	cfg := p.Config
	files, _, err := discover.List(ctx, discover.Options{
		Root:        p.DocsDir(),
		Include:     cfg.Include,
		Exclude:     cfg.Exclude,
		MaxFileSize: cfg.MaxFileSize,
		StatOnly:    true,
	})
	stored := <-storedc
	if err != nil {
		return f, fmt.Errorf("check index freshness: %w", err)
	}
	if stored.err != nil {
		return f, stored.err
	}
	f.Documents = len(stored.m)
	// discover.ReadFile, as an indexing run reads: bounded by max_file_size
	// and never blocking on a FIFO swapped in since the walk.
	f.Diff = freshness.Compare(files, stored.m, func(fi index.FileInfo) bool {
		data, err := discover.ReadFile(fi.AbsPath, cfg.MaxFileSize)
		return err == nil && discover.IsText(data)
	})
	return f, nil
}

// Built reports whether an indexing run has ever completed on this index.
func (e *Engine) Built(ctx context.Context) (_ bool, err error) {
	defer e.explainDamage(&err)
	_, ok, err := store.GetMeta(ctx, e.db, store.MetaLastIndexedAt)
	return ok, err
}

// AbsPaths returns the absolute paths of docs-relative paths, for
// IndexPaths.
func (e *Engine) AbsPaths(rel []string) []string {
	docs := e.Project().DocsDir()
	out := make([]string, len(rel))
	for i, r := range rel {
		out[i] = filepath.Join(docs, filepath.FromSlash(r))
	}
	return out
}
