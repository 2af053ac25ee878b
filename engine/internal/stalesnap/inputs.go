package stalesnap

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store/docwarn"
	"github.com/ubp-dev/ubp/engine/internal/store/stalerows"
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
	if ids != nil && len(ids) == 0 {
		return nil, nil
	}
	pos := map[int64]int{}
	err := stalerows.InputDocs(ctx, tx, ids, func(r stalerows.InputDoc) error {
		d := Input{ID: r.ID, Version: r.Version}
		d.In.Filepath, d.In.Title, d.In.Reviewed = r.Filepath, r.Title, r.Reviewed
		if r.Warnings != "" {
			warns, err := docwarn.Decode(r.Filepath, r.Warnings)
			if err != nil {
				return err
			}
			d.In.Warnings = frontmatterWarnings(warns, r.BodyLine)
		}
		d.In.RepoPath = repoPath(d.In.Filepath)
		d.In.Refs = []index.SourceRef{}
		d.In.Baselines = map[string]stale.Fingerprint{}
		pos[d.ID] = len(docs)
		docs = append(docs, d)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	if len(docs) == 0 {
		return docs, nil
	}
	err = stalerows.SourceRefsOf(ctx, tx, ids, func(r stalerows.SourceRef) error {
		i, ok := pos[r.DocumentID]
		if !ok {
			return nil
		}
		d := &docs[i].In
		d.Refs = append(d.Refs, r.Ref)
		d.Baselines[r.Ref.String()] = storedFingerprint(r.SHA256, r.Size, r.MTime)
		// One sync time per document: the earliest, so re-checks of refs
		// recorded close to it hash rather than trust mtimes.
		if at := parseSyncedAt(r.SyncedAt); d.IndexedAt.IsZero() || (!at.IsZero() && at.Before(d.IndexedAt)) {
			d.IndexedAt = at
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read source refs: %w", err)
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

// Refs is a document's version and source refs (by line, then row): what
// deciding whether its snapshot row still holds needs.
type Refs = stalerows.DocRefs

// ReadRefs reads the versions and source refs of the documents ids, of
// every document when ids is nil, in tx, by id: the light read of a
// request, which checks again (through ReadInputs) only the documents
// whose row no longer holds.
func ReadRefs(ctx context.Context, tx *sql.Tx, ids []int64) ([]Refs, error) {
	if ids != nil && len(ids) == 0 {
		return nil, nil
	}
	docs, err := stalerows.RefsOf(ctx, tx, ids)
	if err != nil {
		return nil, fmt.Errorf("read source refs: %w", err)
	}
	return docs, nil
}

// frontmatterWarnings are the warnings of a document's last parse about
// its frontmatter (a line before bodyLine, or the frontmatter never
// closed: index.IsFrontmatterWarning): a source_refs entry ignored, a
// reviewed date not read, frontmatter that is not YAML or not closed. They
// change what a staleness check sees, so its report carries them
// (stale.DocInput). Until 2026-11-28 a frontmatter never closed, whose
// body starts at line 1, was left out: its source_refs were ignored and
// the document turned untracked without a word in ubp stale.
func frontmatterWarnings(warns []index.Warning, bodyLine int) []index.Warning {
	var out []index.Warning
	for _, w := range warns {
		if index.IsFrontmatterWarning(w, bodyLine) {
			out = append(out, w)
		}
	}
	return out
}
