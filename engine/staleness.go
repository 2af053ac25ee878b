package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// StaleOptions configures Stale.
type StaleOptions struct {
	// Baseline is "auto", "index" or "git"; "" takes staleness.baseline
	// from the configuration.
	Baseline string
	// Now is the time the report is made at; zero means the current time.
	Now time.Time
}

// Stale checks every indexed document's source refs and returns the
// report `ubp stale` prints: documents, levels, changed refs with their
// reasons and commits, counts and warnings. It reads the index as it is
// (documents, refs, recorded fingerprints); run Index first for edits
// made since.
func (e *Engine) Stale(ctx context.Context, opts StaleOptions) (stale.Report, error) {
	baseline := opts.Baseline
	if baseline == "" {
		baseline = e.p.Config.Staleness.Baseline
	}
	docs, err := e.staleInputs(ctx, nil)
	if err != nil {
		return stale.Report{}, fmt.Errorf("stale: %w", err)
	}
	rep, err := stale.Check(ctx, stale.Options{
		Root:          e.p.Root,
		Baseline:      baseline,
		ThresholdDays: e.p.Config.Staleness.ThresholdDays,
		Now:           opts.Now,
	}, inputsOf(docs))
	if err != nil {
		return stale.Report{}, fmt.Errorf("stale: %w", err)
	}
	return rep, nil
}
