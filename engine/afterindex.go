package engine

import (
	"context"
	"path/filepath"

	"github.com/ubp-dev/ubp/engine/internal/embedrun"
	"github.com/ubp-dev/ubp/engine/internal/fulltext"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
	"github.com/ubp-dev/ubp/index"
)

// afterIndex runs at the end of every indexing run, after documents are
// written and links resolved: it writes the short-term postings of the
// new and changed sections (see fulltext.FillUnits), brings the latent
// space up to date (see latentrun.Update; policy says whether it may train
// it anew), then embeds the
// sections that are new, changed or embedded by another model with the
// project's provider (see embedrun.Run) and sets report.Embedded.
//
// An embedding failure (an unreachable server, a bad API key) does not fail
// the run: the documents are indexed and searchable by full text and
// links, so it becomes a warning on the configuration file, and the next
// run embeds what is still missing. Only cancellation is an error.
func (e *Engine) afterIndex(ctx context.Context, report *IndexReport, scope embedrun.Scope, policy latentrun.Policy) error {
	if _, err := fulltext.FillUnits(ctx, e.db); err != nil {
		return err
	}
	lr, err := latentrun.Update(ctx, e.db, policy)
	if err != nil {
		return err
	}
	if lr.Trained {
		report.LatentTrained = lr.Placed
	}
	n := 0
	p, err := e.embedder()
	if err == nil && p != nil {
		n, err = embedrun.Run(ctx, e.db, p, scope)
	}
	report.Embedded = n
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return err
	}
	file := e.Project().ConfigPath
	if rel, rerr := filepath.Rel(e.Project().Root, file); rerr == nil {
		file = filepath.ToSlash(rel)
	}
	report.Warnings = append(report.Warnings, index.Warning{
		File:    file,
		Message: "embedding failed, so semantic search is incomplete until a later index run succeeds: " + err.Error(),
	})
	return nil
}

// embeddingStatus says which embedding model the configuration uses and
// how many sections have a vector of it, for Status. model is "" for
// provider "none".
func (e *Engine) embeddingStatus(ctx context.Context) (model string, embedded int, err error) {
	p, err := e.embedder()
	if err != nil || p == nil {
		return "", 0, err
	}
	model = p.ModelID()
	n, err := vecstore.Count(ctx, e.rdb, model)
	return model, n, err
}
