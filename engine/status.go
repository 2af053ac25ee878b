package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/latentrun"
	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// Status describes the project and the state of its index: counts, broken
// links, stale documents, size on disk and when it last changed.
func (e *Engine) Status(ctx context.Context) (_ Status, err error) {
	defer e.explainDamage(&err)
	p := e.Project() // one configuration for the whole answer
	s := Status{ProjectRoot: p.Root, DocsDir: p.DocsDir(), SchemaVersion: e.version}
	if err := e.reader.Counts(ctx, &s); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	// Every document: their stored rows and refs are read whole, without
	// a list of ids to look up. Only those with a changed or rejected ref
	// are leveled: the rest are fresh or untracked, counted by neither.
	levels, err := e.staleness(ctx, p, nil, true)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	if s.StalenessBaseline, err = e.stalenessBaseline(ctx, p); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	var staleIDs, rejectedIDs []int64
	for id, d := range levels {
		if d.level == stale.PossiblyStale || d.level == stale.Stale {
			staleIDs = append(staleIDs, id)
		}
		for _, r := range d.refs {
			if r.Rejected != "" {
				s.RejectedRefs++
				if len(rejectedIDs) == 0 || rejectedIDs[len(rejectedIDs)-1] != id {
					rejectedIDs = append(rejectedIDs, id)
				}
			}
		}
	}
	paths, err := e.reader.DocPaths(ctx, append(slices.Clone(staleIDs), rejectedIDs...))
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	s.RejectedList = rejectedList(levels, rejectedIDs, paths)
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

// rejectedList is the first answer.MaxWarningsList rejected refs of the
// documents ids, by document path and line, each as the staleness check's
// warning says it.
func rejectedList(levels map[int64]docStaleness, ids []int64, paths map[int64]string) []index.Warning {
	slices.SortFunc(ids, func(a, b int64) int { return strings.Compare(paths[a], paths[b]) })
	var out []index.Warning
	for _, id := range ids {
		for _, r := range levels[id].refs {
			if r.Rejected == "" {
				continue
			}
			if len(out) == answer.MaxWarningsList {
				return out
			}
			out = append(out, index.Warning{File: paths[id], Line: r.Line, Message: stale.RejectedMessage(r.Ref, r.Rejected)})
		}
	}
	return out
}
