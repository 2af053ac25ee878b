package docwrite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// SourceRefRow is a source_refs row: a path (and symbol) a document
// names, with the fingerprint taken when it was synced (the staleness
// baseline; NULL where there was nothing to read).
type SourceRefRow struct {
	Path     string
	Symbol   string
	Line     int
	SHA256   sql.NullString
	Size     sql.NullInt64
	MTime    sql.NullInt64 // unix nanoseconds
	SyncedAt string
}

// SourceRefsOf reads the source refs of document docID (Line left zero).
func SourceRefsOf(ctx context.Context, q store.Querier, docID int64) ([]SourceRefRow, error) {
	rows, err := q.QueryContext(ctx, `SELECT path, symbol, sha256, file_size, file_mtime, synced_at
			FROM source_refs WHERE document_id = ?`, docID)
	if err != nil {
		return nil, fmt.Errorf("read source refs: %w", err)
	}
	defer rows.Close()
	var out []SourceRefRow
	for rows.Next() {
		var r SourceRefRow
		if err := rows.Scan(&r.Path, &r.Symbol, &r.SHA256, &r.Size, &r.MTime, &r.SyncedAt); err != nil {
			return nil, fmt.Errorf("read source refs: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read source refs: %w", err)
	}
	return out, nil
}

// DeleteSourceRefs removes the source refs of document docID.
func DeleteSourceRefs(ctx context.Context, x store.Execer, docID int64) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM source_refs WHERE document_id = ?`, docID); err != nil {
		return fmt.Errorf("delete source refs: %w", err)
	}
	return nil
}

// InsertSourceRef adds source ref r to document docID.
func InsertSourceRef(ctx context.Context, x store.Execer, docID int64, r SourceRefRow) error {
	if _, err := x.ExecContext(ctx, `INSERT INTO source_refs(document_id, path, symbol, line, sha256,
			file_size, file_mtime, synced_at) VALUES(?, ?, ?, ?, ?, ?, ?, ?)`,
		docID, r.Path, r.Symbol, r.Line, r.SHA256, r.Size, r.MTime, r.SyncedAt); err != nil {
		ref := r.Path
		if r.Symbol != "" {
			ref += "#" + r.Symbol
		}
		return fmt.Errorf("insert source ref %s: %w", ref, err)
	}
	return nil
}
