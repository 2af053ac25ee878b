package stalesnap

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// Input is a document read from the index for a staleness check.
type Input struct {
	ID      int64
	Version string // content hash and path: what its staleness depends on in the index
	In      stale.DocInput
}

// Inputs are the check inputs of docs.
func Inputs(docs []Input) []stale.DocInput {
	out := make([]stale.DocInput, len(docs))
	for i, d := range docs {
		out[i] = d.In
	}
	return out
}

// ReadInputs reads documents with their source refs and index baselines,
// all of them when ids is nil, in tx. repoPath gives a document's path
// from the project root ("" when outside it).
func ReadInputs(ctx context.Context, tx *sql.Tx, ids []int64, repoPath func(docPath string) string) ([]Input, error) {
	var docs []Input
	where, args := "", []any{}
	if ids != nil {
		if len(ids) == 0 {
			return nil, nil
		}
		where = " WHERE id IN (" + strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",") + ")"
		for _, id := range ids {
			args = append(args, id)
		}
	}
	// The frontmatter's reviewed date is read by SQLite: decoding every
	// document's frontmatter JSON in Go cost more than the rest.
	//nolint:gosec // where holds placeholders only; values are bound
	rows, err := tx.QueryContext(ctx, `SELECT id, filepath, title,
		coalesce(json_extract(frontmatter, '$.reviewed'), ''), content_hash || ' ' || filepath FROM documents`+where+` ORDER BY filepath`, args...)
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	pos := map[int64]int{}
	for rows.Next() {
		var d Input
		if err := rows.Scan(&d.ID, &d.In.Filepath, &d.In.Title, &d.In.Reviewed, &d.Version); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read documents: %w", err)
		}
		d.In.RepoPath = repoPath(d.In.Filepath)
		d.In.Refs = []index.SourceRef{}
		d.In.Baselines = map[string]stale.Fingerprint{}
		pos[d.ID] = len(docs)
		docs = append(docs, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	if len(docs) == 0 {
		return docs, nil
	}
	refWhere := strings.Replace(where, "id IN", "document_id IN", 1)
	//nolint:gosec // where holds placeholders only; values are bound
	rows, err = tx.QueryContext(ctx, `SELECT document_id, path, symbol, line, sha256, file_size, file_mtime, synced_at
		FROM source_refs`+refWhere+` ORDER BY document_id, line, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("read source refs: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var docID int64
		var ref index.SourceRef
		var sha sql.NullString
		var size, mtime sql.NullInt64
		var synced string
		if err := rows.Scan(&docID, &ref.Path, &ref.Symbol, &ref.Line, &sha, &size, &mtime, &synced); err != nil {
			return nil, fmt.Errorf("read source refs: %w", err)
		}
		i, ok := pos[docID]
		if !ok {
			continue
		}
		d := &docs[i].In
		d.Refs = append(d.Refs, ref)
		d.Baselines[ref.String()] = storedFingerprint(sha, size, mtime)
		// One sync time per document: the earliest, so re-checks of refs
		// recorded close to it hash rather than trust mtimes.
		if at := parseSyncedAt(synced); d.IndexedAt.IsZero() || (!at.IsZero() && at.Before(d.IndexedAt)) {
			d.IndexedAt = at
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return docs, nil
}

// storedFingerprint turns a source_refs row's baseline back into a
// stale.Fingerprint.
func storedFingerprint(sha sql.NullString, size, mtime sql.NullInt64) stale.Fingerprint {
	return stale.Fingerprint{Exists: sha.Valid, SHA256: sha.String, Size: size.Int64, MTime: mtime.Int64}
}

// parseSyncedAt reads source_refs.synced_at; a malformed value counts as
// unknown (zero), which only makes re-checks hash more.
func parseSyncedAt(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
