package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
)

// docStaleness is one document's current staleness, as pages, search
// results and status show it: stalesnap.Levels under the names search
// uses.
type docStaleness struct {
	level     stale.Level
	reason    *StaleReason // nil when fresh or untracked
	refs      []RefStatus  // every source ref, in the order written
	staleRefs []string     // the refs that changed, as written
}

// pageStaleness gives a document's staleness: its level, the reason, the
// state of each of its source refs (in the order written) and the refs
// that changed.
func (e *Engine) pageStaleness(ctx context.Context, docID int64) (docStaleness, error) {
	m, err := e.currentStaleness(ctx, []int64{docID})
	if err != nil {
		return docStaleness{}, err
	}
	s, ok := m[docID]
	if !ok {
		return docStaleness{level: stale.Untracked, refs: []RefStatus{}, staleRefs: []string{}}, nil
	}
	return s, nil
}

// currentStaleness gives the staleness of several documents, by id, from
// the snapshot under the configured baseline (see staleSnapshot): no git
// process is started unless HEAD or the index moved since it was made, or
// the refs of one of these documents moved on disk (then only those
// documents are checked again).
func (e *Engine) currentStaleness(ctx context.Context, ids []int64) (map[int64]docStaleness, error) {
	key, err := e.currentStaleKey(ctx)
	if err != nil {
		return nil, fmt.Errorf("staleness: %w", err)
	}
	docs, err := e.staleInputs(ctx, ids)
	if err != nil {
		return nil, err
	}
	h := &e.staleSnap
	h.mu.Lock()
	defer h.mu.Unlock()
	var snap *staleSnapshot
	if h.cur == nil || h.cur.header.Key != key {
		// A stored snapshot made for exactly this state answers for these
		// documents alone, without reading every document's row.
		if snap, err = e.storedStaleDocs(ctx, key, ids); err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
	}
	if snap == nil {
		if snap, err = e.staleSnapshotLocked(ctx, key); err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
	}
	var again []stalesnap.Input
	statter, err := stale.NewRefStatter(e.p.Root)
	if err != nil {
		return nil, fmt.Errorf("staleness: %w", err)
	}
	for _, d := range docs {
		sd, ok := snap.docs[d.ID]
		if !ok || sd.Version != d.Version {
			again = append(again, d)
			continue
		}
		st, err := statter.Stat(d.In.Refs)
		if err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
		if stalesnap.Moved(st, sd.Stats) {
			again = append(again, d)
		}
	}
	if len(again) > 0 {
		part, _, err := e.computeStaleSnapshot(ctx, key, key.SurfaceBaseline(), time.Time{}, again)
		if err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
		for id, sd := range part.docs {
			snap.docs[id] = sd
		}
		_ = e.storeStaleSnapshot(ctx, part, false) // best effort
	}
	now := time.Now()
	out := make(map[int64]docStaleness, len(docs))
	for _, d := range docs {
		l := stalesnap.DocLevels(snap.header.Baseline, d.In.Refs, snap.docs[d.ID], now, e.p.Config.Staleness.ThresholdDays)
		out[d.ID] = docStaleness{level: l.Level, reason: l.Reason, refs: l.Refs, staleRefs: l.StaleRefs}
	}
	return out, nil
}
