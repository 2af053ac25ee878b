package engine

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/stale"
)

// Status describes the project and the state of its index: counts, broken
// links, stale documents, size on disk and when it last changed.
func (e *Engine) Status(ctx context.Context) (Status, error) {
	s := Status{ProjectRoot: e.p.Root, DocsDir: e.p.DocsDir(), SchemaVersion: e.version}
	var tracked []int64
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM documents),
			(SELECT count(*) FROM sections),
			(SELECT count(*) FROM links),
			(SELECT count(*) FROM links WHERE target_id IS NULL),
			(SELECT count(*) FROM links WHERE ambiguous = 1)`).
			Scan(&s.Documents, &s.Sections, &s.Links, &s.DanglingLinks, &s.AmbiguousLinks); err != nil {
			return err
		}
		last, _, err := getMeta(ctx, tx, metaLastIndexedAt)
		if err != nil {
			return err
		}
		s.LastIndexedAt = last
		rows, err := tx.QueryContext(ctx, `SELECT DISTINCT document_id FROM source_refs ORDER BY document_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			tracked = append(tracked, id)
		}
		return rows.Err()
	})
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	levels, err := e.currentStaleness(ctx, tracked)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	if s.StalenessBaseline, err = e.stalenessBaseline(ctx); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	var staleIDs []int64
	for id, d := range levels {
		if d.level == stale.PossiblyStale || d.level == stale.Stale {
			staleIDs = append(staleIDs, id)
		}
	}
	paths, err := e.docPaths(ctx, staleIDs)
	if err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	for _, id := range staleIDs {
		d := levels[id]
		s.StaleDocuments++
		s.StaleList = append(s.StaleList, StaleDocument{Filepath: paths[id], Level: d.level, Reason: *d.reason})
	}
	sortStaleList(s.StaleList)
	if len(s.StaleList) > answer.MaxStaleList {
		s.StaleList = s.StaleList[:answer.MaxStaleList]
	}
	for _, f := range []string{e.p.DBPath(), e.p.DBPath() + "-wal"} {
		if st, err := os.Stat(f); err == nil {
			s.IndexBytes += st.Size()
		}
	}
	if s.EmbeddingModel, s.Embedded, err = e.embeddingStatus(ctx); err != nil {
		return Status{}, fmt.Errorf("status: %w", err)
	}
	return s, nil
}

// sortStaleList puts stale before possibly_stale, then the oldest change
// first, then by path.
func sortStaleList(l []StaleDocument) {
	sort.Slice(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Level != b.Level {
			return a.Level.Rank() > b.Level.Rank()
		}
		if a.Reason.ChangedAt != b.Reason.ChangedAt {
			if a.Reason.ChangedAt == "" || b.Reason.ChangedAt == "" {
				return b.Reason.ChangedAt == ""
			}
			return a.Reason.ChangedAt < b.Reason.ChangedAt
		}
		return strings.Compare(a.Filepath, b.Filepath) < 0
	})
}

// stalenessBaseline is the baseline of the current snapshot: git or index.
func (e *Engine) stalenessBaseline(ctx context.Context) (string, error) {
	key, err := e.currentStaleKey(ctx)
	if err != nil {
		return "", err
	}
	h := &e.staleSnap
	h.mu.Lock()
	defer h.mu.Unlock()
	snap, err := e.staleSnapshotLocked(ctx, key)
	if err != nil {
		return "", err
	}
	return snap.baseline, nil
}

// docPaths reads the file paths of the documents ids.
func (e *Engine) docPaths(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		return sqlbatch.QueryIDs(ctx, tx, ids, `SELECT id, filepath FROM documents WHERE id IN (%s)`, func(rows *sql.Rows) error {
			var id int64
			var p string
			if err := rows.Scan(&id, &p); err != nil {
				return err
			}
			out[id] = p
			return nil
		})
	})
	return out, err
}
