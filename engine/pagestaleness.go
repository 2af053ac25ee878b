package engine

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
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
func (e *Engine) pageStaleness(ctx context.Context, p *Project, docID int64) (docStaleness, error) {
	m, err := e.currentStaleness(ctx, p, []int64{docID})
	if err != nil {
		return docStaleness{}, err
	}
	s, ok := m[docID]
	if !ok {
		return docStaleness{level: stale.Untracked, refs: []RefStatus{}, staleRefs: []string{}}, nil
	}
	return s, nil
}

// currentStaleness gives the staleness of several documents, by id (of
// every document when ids is nil), from the snapshot under the configured
// baseline (see staleSnapshot): no git process is started unless HEAD or
// the index moved since it was made, or the refs of one of these documents
// moved on disk (then only those documents are checked again). Only their
// versions and refs are read for the rest: what a check needs besides
// (titles, reviewed dates, the baselines stored at indexing) is read for
// the documents checked again. p is the project (and configuration) of
// the answer.
func (e *Engine) currentStaleness(ctx context.Context, p *Project, ids []int64) (map[int64]docStaleness, error) {
	return e.staleness(ctx, p, ids, false)
}

// staleness is currentStaleness; with onlyChanged, the documents whose
// snapshot row holds no changed or rejected ref are left out: they are
// fresh or untracked, every ref as written and unchanged, which is all
// status needs to know of them (it counts and lists the others), and
// leveling all 10,000 of a large project cost more than their check.
func (e *Engine) staleness(ctx context.Context, p *Project, ids []int64, onlyChanged bool) (map[int64]docStaleness, error) {
	key, err := e.currentStaleKey(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("staleness: %w", err)
	}
	docs, err := e.staleRefs(ctx, ids)
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
		if snap, err = e.staleSnapshotLocked(ctx, p, key); err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
	}
	var again []int64
	statter, err := stale.NewRefStatter(p.Root)
	if err != nil {
		return nil, fmt.Errorf("staleness: %w", err)
	}
	for _, d := range docs {
		sd, ok := snap.docs[d.DocumentID]
		if !ok || sd.Version != d.Version {
			again = append(again, d.DocumentID)
			continue
		}
		st, err := statter.Stat(d.Refs)
		if err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
		if stalesnap.Moved(st, sd.Stats) {
			again = append(again, d.DocumentID)
		}
	}
	refs := make(map[int64][]index.SourceRef, len(again))
	if len(again) > 0 {
		inputs, err := e.recheckInputs(ctx, p, ids, again)
		if err != nil {
			return nil, err
		}
		part, _, err := e.computeStaleSnapshot(ctx, p, key, key.SurfaceBaseline(), time.Time{}, inputs)
		if err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
		for id, sd := range part.docs {
			snap.docs[id] = sd
		}
		// The refs as checked: the document may have changed since the
		// light read.
		for _, d := range inputs {
			refs[d.ID] = d.In.Refs
		}
		_ = e.storeStaleSnapshot(ctx, part, false) // best effort
	}
	now := time.Now()
	out := make(map[int64]docStaleness, len(docs))
	for _, d := range docs {
		sd := snap.docs[d.DocumentID]
		if onlyChanged && len(sd.Changed) == 0 {
			continue
		}
		r, ok := refs[d.DocumentID]
		if !ok {
			r = d.Refs
		}
		l := stalesnap.DocLevels(snap.header.Baseline, r, sd, now, p.Config.Staleness.ThresholdDays)
		out[d.DocumentID] = docStaleness{level: l.Level, reason: l.Reason, refs: l.Refs, staleRefs: l.StaleRefs}
	}
	return out, nil
}

// maxListedRechecks is how many documents to check again recheckInputs
// names in its read; past it, when every document was asked for, every
// document is read and the rest left out (a list of tens of thousands
// of ids would pass SQLite's limit of 32,766 host parameters). A variable
// so that a test can take the other path.
var maxListedRechecks = 1000

// recheckInputs reads the check inputs of the documents again, found
// among those of ids (every document when nil).
func (e *Engine) recheckInputs(ctx context.Context, p *Project, ids, again []int64) ([]stalesnap.Input, error) {
	if ids != nil || len(again) <= maxListedRechecks {
		return e.staleInputs(ctx, p, again)
	}
	all, err := e.staleInputs(ctx, p, nil)
	if err != nil {
		return nil, err
	}
	want := make(map[int64]bool, len(again))
	for _, id := range again {
		want[id] = true
	}
	kept := all[:0]
	for _, d := range all {
		if want[d.ID] {
			kept = append(kept, d)
		}
	}
	return kept, nil
}

// staleRefs reads the versions and source refs of the documents ids (of
// every document when ids is nil) in one read transaction.
func (e *Engine) staleRefs(ctx context.Context, ids []int64) ([]stalesnap.Refs, error) {
	var docs []stalesnap.Refs
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		docs, err = stalesnap.ReadRefs(ctx, tx, ids)
		return err
	})
	if err != nil {
		return nil, err
	}
	return docs, nil
}
