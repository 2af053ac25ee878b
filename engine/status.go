package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
)

// Status describes the project and the state of its index: counts, broken
// links, stale documents, size on disk and when it last changed.
func (e *Engine) Status(ctx context.Context) (Status, error) {
	p := e.Project() // one configuration for the whole answer
	s := Status{ProjectRoot: p.Root, DocsDir: p.DocsDir(), SchemaVersion: e.version}
	if err := e.reader.Counts(ctx, &s); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	// Every document: their stored rows and refs are read whole, without
	// a list of ids to look up.
	levels, err := e.currentStaleness(ctx, p, nil)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	if s.StalenessBaseline, err = e.stalenessBaseline(ctx, p); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	var staleIDs []int64
	for id, d := range levels {
		if d.level == stale.PossiblyStale || d.level == stale.Stale {
			staleIDs = append(staleIDs, id)
		}
	}
	paths, err := e.reader.DocPaths(ctx, staleIDs)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	for _, id := range staleIDs {
		d := levels[id]
		s.StaleDocuments++
		if d.level == stale.PossiblyStale {
			s.PossiblyStaleDocuments++
		}
		s.StaleList = append(s.StaleList, StaleDocument{Filepath: paths[id], Level: d.level, Reason: *d.reason})
	}
	stalesnap.SortStaleList(s.StaleList)
	if len(s.StaleList) > answer.MaxStaleList {
		s.StaleList = s.StaleList[:answer.MaxStaleList]
	}
	for _, f := range []string{p.DBPath(), p.DBPath() + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			s.IndexBytes += st.Size()
		}
	}
	if s.EmbeddingModel, s.Embedded, err = e.embeddingStatus(ctx); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	if s.LatentRank, s.LatentBasis, s.LatentQueued, err = latentrun.State(ctx, e.rdb); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	return s, nil
}

// stalenessBaseline is the baseline of the current snapshot: git or index.
// The snapshot in memory or the stored one's header answers when made for
// the current state; only otherwise is the snapshot read whole (or made).
func (e *Engine) stalenessBaseline(ctx context.Context, p *Project) (string, error) {
	key, err := e.currentStaleKey(ctx, p)
	if err != nil {
		return "", err
	}
	h := &e.staleSnap
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.cur != nil && h.cur.header.Key == key {
		return h.cur.header.Baseline, nil
	}
	var stored *stalesnap.Header
	err = e.readTx(ctx, func(tx *sql.Tx) error {
		stored, err = stalesnap.ReadHeader(ctx, tx)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("read the staleness snapshot: %w", err)
	}
	if stored != nil && stored.Key == key {
		return stored.Baseline, nil
	}
	snap, err := e.staleSnapshotLocked(ctx, p, key)
	if err != nil {
		return "", err
	}
	return snap.header.Baseline, nil
}
