package engine

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// docStaleness is one document's current staleness, as pages, search
// results and status show it.
type docStaleness struct {
	level     stale.Level
	refs      []RefStatus // every source ref, in the order written
	staleRefs []string    // the refs that changed, as written
}

// pageStaleness gives a document's staleness level, the state of each of
// its source refs (in the order written) and the refs that changed. It is
// checked now against the index baseline: refs whose size and mtime match
// the recorded ones are not read (see stale.Check).
func (e *Engine) pageStaleness(ctx context.Context, docID int64) (stale.Level, []RefStatus, []string, error) {
	m, err := e.currentStaleness(ctx, []int64{docID})
	if err != nil {
		return "", nil, nil, err
	}
	s, ok := m[docID]
	if !ok {
		return stale.Untracked, []RefStatus{}, []string{}, nil
	}
	return s.level, s.refs, s.staleRefs, nil
}

// currentStaleness checks several documents at once against the index
// baseline (one git lookup for all of them when refs changed), by id.
func (e *Engine) currentStaleness(ctx context.Context, ids []int64) (map[int64]docStaleness, error) {
	docs, err := e.staleInputs(ctx, ids)
	if err != nil {
		return nil, err
	}
	rep, err := stale.Check(ctx, stale.Options{
		Root:          e.p.Root,
		Baseline:      stale.BaselineIndex,
		ThresholdDays: e.p.Config.Staleness.ThresholdDays,
		Now:           time.Now(),
	}, inputsOf(docs))
	if err != nil {
		return nil, fmt.Errorf("check staleness: %w", err)
	}
	byPath := make(map[string]stale.DocResult, len(rep.Documents))
	for _, d := range rep.Documents {
		byPath[d.Filepath] = d
	}
	out := make(map[int64]docStaleness, len(docs))
	for _, d := range docs {
		res := byPath[d.in.Filepath]
		checked := map[string]stale.RefResult{}
		for _, r := range res.Refs {
			checked[fmt.Sprintf("%d\x00%s", r.Line, r.Ref)] = r
		}
		s := docStaleness{level: res.Level, refs: make([]RefStatus, 0, len(d.in.Refs)), staleRefs: []string{}}
		if s.level == "" {
			s.level = stale.Untracked
		}
		for _, ref := range d.in.Refs {
			st := RefStatus{Ref: ref.String(), Line: ref.Line}
			// Refs refused as unsafe are not in the result: shown, unchanged.
			if r, ok := checked[fmt.Sprintf("%d\x00%s", ref.Line, ref.String())]; ok && r.Changed() {
				st.Changed, st.Reason = true, r.Reason
				s.staleRefs = append(s.staleRefs, st.Ref)
			}
			s.refs = append(s.refs, st)
		}
		out[d.id] = s
	}
	return out, nil
}

// storedDocInput is a document read from the store for a staleness check.
type storedDocInput struct {
	id int64
	in stale.DocInput
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
		rows, err := tx.QueryContext(ctx, `SELECT id, filepath, title, frontmatter FROM documents`+where+` ORDER BY filepath`, args...)
		if err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		pos := map[int64]int{}
		for rows.Next() {
			var d storedDocInput
			var fm string
			if err := rows.Scan(&d.id, &d.in.Filepath, &d.in.Title, &fm); err != nil {
				rows.Close()
				return fmt.Errorf("read documents: %w", err)
			}
			var front struct {
				Reviewed string `json:"reviewed"`
			}
			if err := json.Unmarshal([]byte(fm), &front); err != nil {
				rows.Close()
				return fmt.Errorf("read the frontmatter of %s: %w", d.in.Filepath, err)
			}
			d.in.Reviewed = front.Reviewed
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
