package engine

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
)

// staleKey identifies what a staleness snapshot was computed from: the
// HEAD commit, the state of the index (search_generation) and the
// configured baseline. When HEAD or the baseline moves, the snapshot is
// computed again; when only the index moved, only the documents added,
// edited or renamed since are.
type staleKey struct {
	head       string
	generation int64
	config     string
}

// surfaceBaseline is the baseline search results, pages and status check
// with: the configured one, except that git outside a git work tree falls
// back to the index (as auto does) instead of failing every request;
// `ubp stale --baseline git` reports that error.
func (k staleKey) surfaceBaseline() string {
	if k.config == stale.BaselineGit {
		return stale.BaselineAuto
	}
	return k.config
}

// staleDoc is one document of a snapshot: whether it has refs that were
// checked, those that changed, and what each of its refs (in the order
// staleInputs reads them) looked like just before the check.
type staleDoc struct {
	version string // storedDocInput.version when checked
	tracked bool
	changed []stale.RefResult
	stats   []stale.Fingerprint
}

// staleSnapshot is every document's staleness under the configured
// baseline, as of key. Search results, pages, status and the MCP tools
// read it, so they say what `ubp stale` says; levels are derived from it
// at the time of the request (a change ages into stale). A document whose
// refs' size or mtime moved since (an uncommitted edit) is checked again
// alone when it is asked for.
type staleSnapshot struct {
	key       staleKey
	baseline  string // git or index
	checkedAt time.Time
	docs      map[int64]staleDoc
}

// staleSnapshotHolder keeps the last snapshot in memory. mu is held while
// one is read, computed or patched, so concurrent requests wait for one
// computation.
type staleSnapshotHolder struct {
	mu  sync.Mutex
	cur *staleSnapshot
	// checked counts the documents checked so far, for tests of how much
	// work a change causes.
	checked atomic.Int64
}

// currentStaleKey reads HEAD (a few small file reads) and the index
// generation (one row).
func (e *Engine) currentStaleKey(ctx context.Context) (staleKey, error) {
	k := staleKey{config: e.p.Config.Staleness.Baseline}
	if k.config == "" {
		k.config = stale.BaselineAuto
	}
	if k.config != stale.BaselineIndex {
		head, err := stale.HeadCommit(ctx, e.p.Root)
		if err != nil {
			return k, fmt.Errorf("read HEAD: %w", err)
		}
		k.head = head
	}
	if err := e.rdb.QueryRowContext(ctx, `SELECT n FROM search_generation WHERE id = 1`).Scan(&k.generation); err != nil {
		return k, fmt.Errorf("read the index generation: %w", err)
	}
	return k, nil
}

// staleSnapshotLocked returns the snapshot for key: the one in memory,
// else the one stored in the index, else a new one over every document,
// which is then stored (unless the engine is read-only). A snapshot for the
// same HEAD and baseline but an older index is brought up to date by
// checking the documents whose content or path changed. e.staleSnap.mu
// must be held.
func (e *Engine) staleSnapshotLocked(ctx context.Context, key staleKey) (*staleSnapshot, error) {
	h := &e.staleSnap
	if h.cur != nil && h.cur.key == key {
		return h.cur, nil
	}
	s := h.cur
	if s == nil || s.key.head != key.head || s.key.config != key.config {
		var err error
		if s, err = e.loadStaleSnapshot(ctx, key); err != nil {
			return nil, err
		}
	}
	var err error
	switch {
	case s == nil:
		var docs []storedDocInput
		if docs, err = e.staleInputs(ctx, nil); err != nil {
			return nil, err
		}
		if s, _, err = e.computeStaleSnapshot(ctx, key, key.surfaceBaseline(), time.Time{}, docs); err != nil {
			return nil, err
		}
		err = e.storeStaleSnapshot(ctx, s, true)
	case s.key != key:
		var part *staleSnapshot
		if part, err = e.updateStaleSnapshot(ctx, s, key); err != nil {
			return nil, err
		}
		err = e.storeStaleSnapshot(ctx, part, false)
	}
	if err != nil && ctx.Err() != nil {
		return nil, err
	}
	// Another failure to store (the index busy for long) only means the
	// next process computes it again.
	h.cur = s
	return s, nil
}

// updateStaleSnapshot brings s to key (same HEAD and baseline, another
// index state): documents gone are dropped, documents new, edited or
// renamed are checked. It returns the part checked, with key.
func (e *Engine) updateStaleSnapshot(ctx context.Context, s *staleSnapshot, key staleKey) (*staleSnapshot, error) {
	versions := map[int64]string{}
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT id, content_hash || ' ' || filepath FROM documents`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var v string
			if err := rows.Scan(&id, &v); err != nil {
				return err
			}
			versions[id] = v
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("read document versions: %w", err)
	}
	for id := range s.docs {
		if _, ok := versions[id]; !ok {
			delete(s.docs, id)
		}
	}
	changed := []int64{}
	for id, v := range versions {
		if d, ok := s.docs[id]; !ok || d.version != v {
			changed = append(changed, id)
		}
	}
	docs, err := e.staleInputs(ctx, changed)
	if err != nil {
		return nil, err
	}
	part, _, err := e.computeStaleSnapshot(ctx, key, key.surfaceBaseline(), time.Time{}, docs)
	if err != nil {
		return nil, err
	}
	for id, d := range part.docs {
		s.docs[id] = d
	}
	s.key = key
	return part, nil
}

// computeStaleSnapshot checks docs under baseline at now (zero: the
// current time). Refs are stat'ed first, so a change made during the check
// shows as moved later.
func (e *Engine) computeStaleSnapshot(ctx context.Context, key staleKey, baseline string, now time.Time, docs []storedDocInput) (*staleSnapshot, stale.Report, error) {
	stats := make(map[int64][]stale.Fingerprint, len(docs))
	statter, err := stale.NewRefStatter(e.p.Root)
	if err != nil {
		return nil, stale.Report{}, fmt.Errorf("check staleness: %w", err)
	}
	for _, d := range docs {
		st, err := statter.Stat(d.in.Refs)
		if err != nil {
			return nil, stale.Report{}, fmt.Errorf("check staleness: %w", err)
		}
		stats[d.id] = st
	}
	rep, err := e.checkStale(ctx, baseline, now, docs)
	if err != nil {
		return nil, stale.Report{}, err
	}
	e.staleSnap.checked.Add(int64(len(docs)))
	return snapshotOf(key, rep, docs, stats), rep, nil
}

// moved reports whether the stats of a document's refs differ from those
// recorded.
func moved(now, recorded []stale.Fingerprint) bool {
	if len(now) != len(recorded) {
		return true
	}
	for i := range now {
		if now[i] != recorded[i] {
			return true
		}
	}
	return false
}

// checkStale runs stale.Check over docs with baseline.
func (e *Engine) checkStale(ctx context.Context, baseline string, now time.Time, docs []storedDocInput) (stale.Report, error) {
	rep, err := stale.Check(ctx, stale.Options{
		Root:          e.p.Root,
		Baseline:      baseline,
		ThresholdDays: e.p.Config.Staleness.ThresholdDays,
		Now:           now,
	}, inputsOf(docs))
	if err != nil {
		return stale.Report{}, fmt.Errorf("check staleness: %w", err)
	}
	return rep, nil
}

// snapshotOf turns a report over docs into a snapshot.
func snapshotOf(key staleKey, rep stale.Report, docs []storedDocInput, stats map[int64][]stale.Fingerprint) *staleSnapshot {
	ids := make(map[string]int64, len(docs))
	versions := make(map[int64]string, len(docs))
	for _, d := range docs {
		ids[d.in.Filepath] = d.id
		versions[d.id] = d.version
	}
	s := &staleSnapshot{key: key, baseline: rep.Baseline, checkedAt: rep.GeneratedAt, docs: make(map[int64]staleDoc, len(rep.Documents))}
	for _, d := range rep.Documents {
		id, ok := ids[d.Filepath]
		if !ok {
			continue
		}
		sd := staleDoc{version: versions[id], tracked: len(d.Refs) > 0, stats: stats[id]}
		for _, r := range d.Refs {
			if r.Changed() {
				sd.changed = append(sd.changed, r)
			}
		}
		s.docs[id] = sd
	}
	return s
}

// adoptStaleSnapshot makes s, from a report `ubp stale` made under the
// configured baseline, the snapshot, so every surface agrees with it at
// once.
func (e *Engine) adoptStaleSnapshot(ctx context.Context, s *staleSnapshot) {
	h := &e.staleSnap
	h.mu.Lock()
	defer h.mu.Unlock()
	h.cur = s
	_ = e.storeStaleSnapshot(ctx, s, true) // best effort: the next reader recomputes
}

// loadStaleSnapshot reads the stored snapshot when it was made for key's
// HEAD and baseline (its index state may be older); nil when there is
// none or it is for another HEAD or baseline.
func (e *Engine) loadStaleSnapshot(ctx context.Context, key staleKey) (*staleSnapshot, error) {
	var s *staleSnapshot
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		out, err := readStaleHeader(ctx, tx)
		if out == nil || err != nil {
			return err
		}
		if out.key.head != key.head || out.key.config != key.config {
			return nil
		}
		rows, err := tx.QueryContext(ctx, `SELECT `+staleDocColumns+` FROM staleness_documents`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			id, d, ok, err := scanStaleDoc(rows)
			if err != nil {
				return err
			}
			if !ok {
				return nil // a row this version cannot read: compute again
			}
			out.docs[id] = d
		}
		if err := rows.Err(); err != nil {
			return err
		}
		s = out
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the staleness snapshot: %w", err)
	}
	return s, nil
}

// storeStaleSnapshot stores s: all of it (whole), or only its documents,
// replacing their rows (after a document was checked again alone).
func (e *Engine) storeStaleSnapshot(ctx context.Context, s *staleSnapshot, whole bool) error {
	if e.readOnly {
		return nil
	}
	return e.WithTx(ctx, func(tx *sql.Tx) error {
		if whole {
			if _, err := tx.ExecContext(ctx, `DELETE FROM staleness_documents`); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO staleness_snapshot(id, head, generation, config, baseline, checked_at) VALUES (1, ?, ?, ?, ?, ?)`,
				s.key.head, s.key.generation, s.key.config, s.baseline, s.checkedAt.UTC().Format(time.RFC3339Nano)); err != nil {
				return err
			}
		} else {
			// A part of the stored snapshot: only when it is for the same
			// HEAD and baseline (another process may have moved on).
			res, err := tx.ExecContext(ctx, `UPDATE staleness_snapshot SET generation = max(generation, ?) WHERE id = 1 AND head = ? AND config = ?`,
				s.key.generation, s.key.head, s.key.config)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil
			}
		}
		// Only documents that still exist: one deleted since the check
		// would break the foreign key.
		stmt, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO staleness_documents(document_id, version, tracked, refs, stats)
			SELECT id, ?, ?, ?, ? FROM documents WHERE id = ?`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for id, d := range s.docs {
			refs, stats := d.changed, d.stats
			if refs == nil {
				refs = []stale.RefResult{}
			}
			if stats == nil {
				stats = []stale.Fingerprint{}
			}
			rb, err := json.Marshal(refs)
			if err != nil {
				return err
			}
			sb, err := json.Marshal(stats)
			if err != nil {
				return err
			}
			if _, err := stmt.ExecContext(ctx, d.version, d.tracked, string(rb), string(sb), id); err != nil {
				return err
			}
		}
		return nil
	})
}

// readStaleHeader reads the stored snapshot's header as an empty snapshot
// (key, baseline, check time); nil when none is stored.
func readStaleHeader(ctx context.Context, tx *sql.Tx) (*staleSnapshot, error) {
	var k staleKey
	var baseline, checked string
	err := tx.QueryRowContext(ctx, `SELECT head, generation, config, baseline, checked_at FROM staleness_snapshot WHERE id = 1`).
		Scan(&k.head, &k.generation, &k.config, &baseline, &checked)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	at, _ := time.Parse(time.RFC3339Nano, checked)
	return &staleSnapshot{key: k, baseline: baseline, checkedAt: at, docs: map[int64]staleDoc{}}, nil
}

// staleDocColumns are the columns of staleness_documents scanStaleDoc reads.
const staleDocColumns = `document_id, version, tracked, refs, stats`

// scanStaleDoc reads one staleness_documents row (staleDocColumns); ok is
// false when this version cannot read its JSON.
func scanStaleDoc(rows *sql.Rows) (id int64, d staleDoc, ok bool, err error) {
	var refs, stats string
	if err := rows.Scan(&id, &d.version, &d.tracked, &refs, &stats); err != nil {
		return 0, d, false, err
	}
	if json.Unmarshal([]byte(refs), &d.changed) != nil || json.Unmarshal([]byte(stats), &d.stats) != nil {
		return id, d, false, nil //nolint:nilerr // an unreadable row is recomputed, not an error
	}
	return id, d, true, nil
}
