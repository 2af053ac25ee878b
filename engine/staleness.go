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
// made since. Under the configured baseline the report also replaces the
// staleness snapshot that search results, pages and status read.
func (e *Engine) Stale(ctx context.Context, opts StaleOptions) (_ stale.Report, err error) {
	defer e.explainDamage(&err)
	p := e.Project() // one configuration for the whole check
	baseline := opts.Baseline
	if baseline == "" {
		baseline = p.Config.Staleness.Baseline
	}
	key, err := e.currentStaleKey(ctx, p)
	if err != nil {
		return stale.Report{}, fmt.Errorf("stale: %w", err)
	}
	docs, err := e.staleInputs(ctx, p, nil)
	if err != nil {
		return stale.Report{}, fmt.Errorf("stale: %w", err)
	}
	// Under the configured baseline, the report becomes what search,
	// pages and status say too, until HEAD or the index moves.
	if (baseline == key.Config || baseline == "" && key.Config == stale.BaselineAuto) && opts.Now.IsZero() {
		snap, rep, err := e.computeStaleSnapshot(ctx, p, key, baseline, opts.Now, docs)
		if err != nil {
			return stale.Report{}, err // says "check staleness"
		}
		e.adoptStaleSnapshot(ctx, snap)
		return rep, nil
	}
	rep, err := e.checkStale(ctx, p, baseline, opts.Now, docs)
	if err != nil {
		return stale.Report{}, err // says "check staleness"
	}
	return rep, nil
}
