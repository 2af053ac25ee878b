package engine

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// docStaleness is one document's current staleness, as pages, search
// results and status show it.
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
	if h.cur == nil || h.cur.key != key {
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
	var again []storedDocInput
	statter, err := stale.NewRefStatter(e.p.Root)
	if err != nil {
		return nil, fmt.Errorf("staleness: %w", err)
	}
	for _, d := range docs {
		sd, ok := snap.docs[d.id]
		if !ok || sd.version != d.version {
			again = append(again, d)
			continue
		}
		st, err := statter.Stat(d.in.Refs)
		if err != nil {
			return nil, fmt.Errorf("staleness: %w", err)
		}
		if moved(st, sd.stats) {
			again = append(again, d)
		}
	}
	if len(again) > 0 {
		part, _, err := e.computeStaleSnapshot(ctx, key, key.surfaceBaseline(), time.Time{}, again)
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
		out[d.id] = snap.docStaleness(d.in.Refs, snap.docs[d.id], now, e.p.Config.Staleness.ThresholdDays)
	}
	return out, nil
}

// storedStaleDocs reads the stored snapshot's rows of the documents ids
// when it was made for key itself (same HEAD, baseline and index state),
// as a snapshot of those documents only, which is not kept; nil when it
// was made for another state, when ids is nil (every document), or when a
// row cannot be read.
func (e *Engine) storedStaleDocs(ctx context.Context, key staleKey, ids []int64) (*staleSnapshot, error) {
	if ids == nil {
		return nil, nil
	}
	var s *staleSnapshot
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		out, err := readStaleHeader(ctx, tx)
		if out == nil || err != nil || out.key != key {
			return err
		}
		unreadable := false
		err = sqlbatch.QueryIDs(ctx, tx, ids, `SELECT `+staleDocColumns+` FROM staleness_documents WHERE document_id IN (%s)`,
			func(rows *sql.Rows) error {
				id, d, ok, err := scanStaleDoc(rows)
				if err != nil {
					return err
				}
				unreadable = unreadable || !ok
				out.docs[id] = d
				return nil
			})
		if err != nil || unreadable {
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

// docStaleness combines a document's refs (as written) with what the
// snapshot says changed, leveled at now.
func (s *staleSnapshot) docStaleness(refs []index.SourceRef, sd staleDoc, now time.Time, thresholdDays int) docStaleness {
	changed := make(map[string]stale.RefResult, len(sd.changed))
	for _, r := range sd.changed {
		changed[fmt.Sprintf("%d\x00%s", r.Line, r.Ref)] = r
	}
	out := docStaleness{level: stale.Untracked, refs: make([]RefStatus, 0, len(refs)), staleRefs: []string{}}
	if sd.tracked {
		out.level = stale.Fresh
	}
	var worst *stale.RefResult
	var worstLevel stale.Level
	for _, ref := range refs {
		st := RefStatus{Ref: ref.String(), Line: ref.Line}
		// Refs refused as unsafe are not in the result: shown, unchanged.
		if r, ok := changed[fmt.Sprintf("%d\x00%s", ref.Line, ref.String())]; ok {
			l := r.LevelAt(now, thresholdDays)
			st.Changed, st.Reason, st.Level = true, r.Reason, l
			st.Commit, st.Author, st.Uncommitted = r.Commit, r.Author, r.Uncommitted
			st.ChangedAt = formatTime(r.ChangedAt)
			out.staleRefs = append(out.staleRefs, st.Ref)
			if l.Rank() > out.level.Rank() {
				out.level = l
			}
			if worst == nil || l.Rank() > worstLevel.Rank() || (l == worstLevel && olderChange(r, *worst)) {
				rc := r
				worst, worstLevel = &rc, l
			}
		}
		out.refs = append(out.refs, st)
	}
	if worst != nil {
		out.reason = staleReason(s.baseline, *worst, len(out.staleRefs))
	}
	return out
}

// olderChange orders changes by time, those without a time last.
func olderChange(a, b stale.RefResult) bool {
	if a.ChangedAt.IsZero() != b.ChangedAt.IsZero() {
		return !a.ChangedAt.IsZero()
	}
	return a.ChangedAt.Before(b.ChangedAt)
}

// formatTime writes t in RFC 3339, in UTC so that times compare as
// strings.
func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// staleReason describes the change r of a document with n changed refs.
func staleReason(baseline string, r stale.RefResult, n int) *StaleReason {
	sr := &StaleReason{
		Baseline: baseline, Ref: r.Ref, Line: r.Line, Reason: r.Reason,
		Commit: r.Commit, Author: r.Author, ChangedAt: formatTime(r.ChangedAt), Uncommitted: r.Uncommitted,
		ChangedRefs: n,
	}
	msg := r.Ref + " " + strings.ReplaceAll(string(r.Reason), "_", " ")
	switch {
	case r.Commit != "":
		short := r.Commit
		if len(short) > 12 {
			short = short[:12]
		}
		msg += " in commit " + short
		if r.Author != "" {
			msg += " by " + r.Author
		}
	case r.Uncommitted:
		msg += " (uncommitted)"
	}
	if !r.ChangedAt.IsZero() {
		msg += " on " + r.ChangedAt.Format(time.DateOnly)
	}
	if n > 1 {
		msg += fmt.Sprintf(" (%d refs changed)", n)
	}
	sr.Summary = msg + ", " + baseline + " baseline"
	return sr
}

// storedDocInput is a document read from the store for a staleness check.
type storedDocInput struct {
	id      int64
	version string // content hash and path: what its staleness depends on in the index
	in      stale.DocInput
}

func inputsOf(docs []storedDocInput) []stale.DocInput {
	out := make([]stale.DocInput, len(docs))
	for i, d := range docs {
		out[i] = d.in
	}
	return out
}

// staleInputs reads documents with their source refs and index baselines,
// all of them when ids is nil, in one read transaction.
func (e *Engine) staleInputs(ctx context.Context, ids []int64) ([]storedDocInput, error) {
	var docs []storedDocInput
	err := e.readTx(ctx, func(tx *sql.Tx) error {
		where, args := "", []any{}
		if ids != nil {
			if len(ids) == 0 {
				return nil
			}
			where = " WHERE id IN (" + strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",") + ")"
			for _, id := range ids {
				args = append(args, id)
			}
		}
		// The frontmatter's reviewed date is read by SQLite: decoding
		// every document's frontmatter JSON in Go cost more than the rest.
		//nolint:gosec // where holds placeholders only; values are bound
		rows, err := tx.QueryContext(ctx, `SELECT id, filepath, title,
			coalesce(json_extract(frontmatter, '$.reviewed'), ''), content_hash || ' ' || filepath FROM documents`+where+` ORDER BY filepath`, args...)
		if err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		pos := map[int64]int{}
		for rows.Next() {
			var d storedDocInput
			if err := rows.Scan(&d.id, &d.in.Filepath, &d.in.Title, &d.in.Reviewed, &d.version); err != nil {
				rows.Close()
				return fmt.Errorf("read documents: %w", err)
			}
			d.in.RepoPath = e.repoPath(d.in.Filepath)
			d.in.Refs = []index.SourceRef{}
			d.in.Baselines = map[string]stale.Fingerprint{}
			pos[d.id] = len(docs)
			docs = append(docs, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		if len(docs) == 0 {
			return nil
		}
		refWhere := strings.Replace(where, "id IN", "document_id IN", 1)
		//nolint:gosec // where holds placeholders only; values are bound
		rows, err = tx.QueryContext(ctx, `SELECT document_id, path, symbol, line, sha256, file_size, file_mtime, synced_at
			FROM source_refs`+refWhere+` ORDER BY document_id, line, id`, args...)
		if err != nil {
			return fmt.Errorf("read source refs: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var docID int64
			var ref index.SourceRef
			var sha sql.NullString
			var size, mtime sql.NullInt64
			var synced string
			if err := rows.Scan(&docID, &ref.Path, &ref.Symbol, &ref.Line, &sha, &size, &mtime, &synced); err != nil {
				return fmt.Errorf("read source refs: %w", err)
			}
			i, ok := pos[docID]
			if !ok {
				continue
			}
			d := &docs[i].in
			d.Refs = append(d.Refs, ref)
			d.Baselines[ref.String()] = storedFingerprint(sha, size, mtime)
			// One sync time per document: the earliest, so re-checks of
			// refs recorded close to it hash rather than trust mtimes.
			if at := parseSyncedAt(synced); d.IndexedAt.IsZero() || (!at.IsZero() && at.Before(d.IndexedAt)) {
				d.IndexedAt = at
			}
		}
		return rows.Err()
	})
	if err != nil {
		return nil, err
	}
	return docs, nil
}

// repoPath is a document's path from the project root ("" when the docs
// folder is outside it), which git history and SARIF locations use.
func (e *Engine) repoPath(docPath string) string {
	rel, err := filepath.Rel(e.p.Root, filepath.Join(e.p.DocsDir(), filepath.FromSlash(docPath)))
	if err != nil {
		return ""
	}
	rel = filepath.ToSlash(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	return rel
}
