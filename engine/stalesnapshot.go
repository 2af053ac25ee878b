package engine

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/stalesnap"
	"github.com/ubp-dev/ubp/engine/stale"
)

// staleSnapshot is every document's staleness under the configured
// baseline, as of header.Key (see package stalesnap). Search results,
// pages, status and the MCP tools read it, so they say what `ubp stale`
// says; levels are derived from it at the time of the request (a change
// ages into stale). A document whose refs' size or mtime moved since (an
// uncommitted edit) is checked again alone when it is asked for.
type staleSnapshot struct {
	header stalesnap.Header
	docs   map[int64]stalesnap.Doc
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

// currentStaleKey reads HEAD and the index generation.
func (e *Engine) currentStaleKey(ctx context.Context, p *Project) (stalesnap.Key, error) {
	return stalesnap.CurrentKey(ctx, e.rdb, p.Root, p.Config.Staleness.Baseline, e.getenv("GIT_DIR"))
}

// staleSnapshotLocked returns the snapshot for key: the one in memory,
// else the one stored in the index, else a new one over every document,
// which is then stored (unless the engine is read-only). A snapshot for the
// same HEAD and baseline but an older index is brought up to date by
// checking the documents whose content or path changed. e.staleSnap.mu
// must be held.
func (e *Engine) staleSnapshotLocked(ctx context.Context, p *Project, key stalesnap.Key) (*staleSnapshot, error) {
	h := &e.staleSnap
	if h.cur != nil && h.cur.header.Key == key {
		return h.cur, nil
	}
	s := h.cur
	if s == nil || s.header.Key.Head != key.Head || s.header.Key.Config != key.Config {
		var err error
		if s, err = e.loadStaleSnapshot(ctx, key); err != nil {
			return nil, err
		}
	}
	var err error
	switch {
	case s == nil:
		var docs []stalesnap.Input
		if docs, err = e.staleInputs(ctx, p, nil); err != nil {
			return nil, err
		}
		if s, _, err = e.computeStaleSnapshot(ctx, p, key, key.SurfaceBaseline(), time.Time{}, docs); err != nil {
			return nil, err
		}
		err = e.storeStaleSnapshot(ctx, s, true)
	case s.header.Key != key:
		var part *staleSnapshot
		if part, err = e.updateStaleSnapshot(ctx, p, s, key); err != nil {
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
func (e *Engine) updateStaleSnapshot(ctx context.Context, p *Project, s *staleSnapshot, key stalesnap.Key) (*staleSnapshot, error) {
	var versions map[int64]string
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		versions, err = stalesnap.Versions(ctx, tx)
		return err
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
		if d, ok := s.docs[id]; !ok || d.Version != v {
			changed = append(changed, id)
		}
	}
	docs, err := e.staleInputs(ctx, p, changed)
	if err != nil {
		return nil, err
	}
	part, _, err := e.computeStaleSnapshot(ctx, p, key, key.SurfaceBaseline(), time.Time{}, docs)
	if err != nil {
		return nil, err
	}
	for id, d := range part.docs {
		s.docs[id] = d
	}
	s.header.Key = key
	return part, nil
}

// computeStaleSnapshot checks docs under baseline at now (zero: the
// current time). Refs are stat'ed first, so a change made during the check
// shows as moved later.
func (e *Engine) computeStaleSnapshot(ctx context.Context, p *Project, key stalesnap.Key, baseline string, now time.Time, docs []stalesnap.Input) (*staleSnapshot, stale.Report, error) {
	stats := make(map[int64][]stale.Fingerprint, len(docs))
	statter, err := stale.NewRefStatter(p.Root)
	if err != nil {
		return nil, stale.Report{}, fmt.Errorf("check staleness: %w", err)
	}
	for _, d := range docs {
		st, err := statter.Stat(d.In.Refs)
		if err != nil {
			return nil, stale.Report{}, fmt.Errorf("check staleness: %w", err)
		}
		stats[d.ID] = st
	}
	rep, err := e.checkStale(ctx, p, baseline, now, docs)
	if err != nil {
		return nil, stale.Report{}, err
	}
	e.staleSnap.checked.Add(int64(len(docs)))
	s := &staleSnapshot{
		header: stalesnap.Header{Key: key, Baseline: rep.Baseline, CheckedAt: rep.GeneratedAt},
		docs:   stalesnap.Of(rep, docs, stats),
	}
	return s, rep, nil
}

// checkStale runs stale.Check over docs with baseline.
func (e *Engine) checkStale(ctx context.Context, p *Project, baseline string, now time.Time, docs []stalesnap.Input) (stale.Report, error) {
	rep, err := stale.Check(ctx, stale.Options{
		Root:          p.Root,
		Baseline:      baseline,
		ThresholdDays: p.Config.Staleness.ThresholdDays,
		Now:           now,
		GitDir:        e.getenv("GIT_DIR"),
		DocsDir:       docsDirFromRoot(p),
	}, stalesnap.Inputs(docs))
	if err != nil {
		return stale.Report{}, fmt.Errorf("check staleness: %w", err)
	}
	return rep, nil
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
func (e *Engine) loadStaleSnapshot(ctx context.Context, key stalesnap.Key) (*staleSnapshot, error) {
	var s *staleSnapshot
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		h, err := stalesnap.ReadHeader(ctx, tx)
		if h == nil || err != nil {
			return err
		}
		if h.Key.Head != key.Head || h.Key.Config != key.Config {
			return nil
		}
		out := &staleSnapshot{header: *h, docs: map[int64]stalesnap.Doc{}}
		if ok, err := stalesnap.ReadAllDocs(ctx, tx, out.docs); !ok || err != nil {
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

// storedStaleDocs reads the stored snapshot's rows of the documents ids
// when it was made for key itself (same HEAD, baseline and index state),
// as a snapshot of those documents only, which is not kept; nil when it
// was made for another state, when ids is nil (every document), or when a
// row cannot be read.
func (e *Engine) storedStaleDocs(ctx context.Context, key stalesnap.Key, ids []int64) (*staleSnapshot, error) {
	if ids == nil {
		return nil, nil
	}
	var s *staleSnapshot
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		h, err := stalesnap.ReadHeader(ctx, tx)
		if h == nil || err != nil || h.Key != key {
			return err
		}
		out := &staleSnapshot{header: *h, docs: map[int64]stalesnap.Doc{}}
		if ok, err := stalesnap.ReadDocs(ctx, tx, ids, out.docs); !ok || err != nil {
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
		return stalesnap.Store(ctx, tx, s.header, s.docs, whole)
	})
}

// staleInputs reads documents with their source refs and index baselines,
// all of them when ids is nil, in one read transaction.
func (e *Engine) staleInputs(ctx context.Context, p *Project, ids []int64) ([]stalesnap.Input, error) {
	var docs []stalesnap.Input
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		var err error
		docs, err = stalesnap.ReadInputs(ctx, tx, ids, func(docPath string) string { return repoPath(p, docPath) })
		return err
	})
	if err != nil {
		return nil, err
	}
	return docs, nil
}

// repoPath is a document's path from the project root ("" when the docs
// folder is outside it), which git history and SARIF locations use.
func repoPath(p *Project, docPath string) string {
	rel, err := filepath.Rel(p.Root, filepath.Join(p.DocsDir(), filepath.FromSlash(docPath)))
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	return rel
}

// docsDirFromRoot is the docs folder from the project root, slash-separated
// ("" when it cannot be said).
func docsDirFromRoot(p *Project) string {
	rel, err := filepath.Rel(p.Root, p.DocsDir())
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return ""
	}
	return filepath.ToSlash(rel)
}
