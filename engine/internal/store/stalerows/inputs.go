package stalerows

import (
	"context"
	"database/sql"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
	"github.com/ubp-dev/ubp/index"
)

// InputDoc is a document as a staleness check starts from it.
type InputDoc struct {
	ID       int64
	Filepath string
	Title    string
	Reviewed string // the frontmatter's reviewed date, "" when none
	Version  string // content hash and path (see Versions)
	// Warnings are the last parse's warnings (documents.warnings, JSON),
	// "" when there are none; BodyLine is the line the body starts at.
	Warnings string
	BodyLine int
}

// SourceRef is one stored source ref of a document with the baseline
// recorded when it was indexed (no SHA-256 when the file was missing).
type SourceRef struct {
	DocumentID int64
	Ref        index.SourceRef
	SHA256     sql.NullString
	Size       sql.NullInt64
	MTime      sql.NullInt64
	SyncedAt   string
}

// idFilter is the WHERE clause that keeps the rows whose column is one of
// ids (none when ids is nil: every row), with its arguments.
func idFilter(column string, ids []int64) (string, []any) {
	if ids == nil {
		return "", []any{}
	}
	args := make([]any, 0, len(ids))
	for _, id := range ids {
		args = append(args, id)
	}
	return " WHERE " + column + " IN (" + strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",") + ")", args
}

// InputDocs calls fn with the given documents, every one when ids is nil,
// in path order, in one statement.
func InputDocs(ctx context.Context, tx *sql.Tx, ids []int64, fn func(InputDoc) error) error {
	where, args := idFilter("id", ids)
	// The frontmatter's reviewed date is read by SQLite: decoding every
	// document's frontmatter JSON in Go cost more than the rest.
	//nolint:gosec // where holds placeholders only; values are bound
	rows, err := tx.QueryContext(ctx, `SELECT id, filepath, title,
		coalesce(json_extract(frontmatter, '$.reviewed'), ''), content_hash || ' ' || filepath,
		CASE WHEN warnings = '[]' THEN '' ELSE warnings END, body_line FROM documents`+where+` ORDER BY filepath`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var d InputDoc
		if err := rows.Scan(&d.ID, &d.Filepath, &d.Title, &d.Reviewed, &d.Version, &d.Warnings, &d.BodyLine); err != nil {
			return err
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	return rows.Err()
}

// SourceRefsOf calls fn with the source refs of the given documents, of
// every document when ids is nil, by document, then line and row, in one
// statement.
func SourceRefsOf(ctx context.Context, tx *sql.Tx, ids []int64, fn func(SourceRef) error) error {
	where, args := idFilter("document_id", ids)
	//nolint:gosec // where holds placeholders only; values are bound
	rows, err := tx.QueryContext(ctx, `SELECT document_id, path, symbol, line, sha256, file_size, file_mtime, synced_at
		FROM source_refs`+where+` ORDER BY document_id, line, id`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r SourceRef
		if err := rows.Scan(&r.DocumentID, &r.Ref.Path, &r.Ref.Symbol, &r.Ref.Line, &r.SHA256, &r.Size, &r.MTime, &r.SyncedAt); err != nil {
			return err
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}

// DocRefs is a document's version with its source refs, by line and row.
type DocRefs struct {
	DocumentID int64
	Version    string // content hash and path (see Versions)
	Refs       []index.SourceRef
}

// RefsOf reads the versions and source refs of the given documents, of
// every document when ids is nil, by document id: what deciding whether a
// snapshot row still holds needs, and nothing a check reads besides (see
// InputDocs and SourceRefsOf). Each table is read as one packed text
// (group_concat of the rows, each text prefixed with its length in
// bytes; see package packrows), since a statement stepped row by row costs about
// 1.5 µs a row from Go, most of the read of 14,000 refs; the order is
// restored in Go.
func RefsOf(ctx context.Context, tx *sql.Tx, ids []int64) ([]DocRefs, error) {
	where, args := idFilter("id", ids)
	//nolint:gosec // where holds placeholders only; values are bound
	r, err := packrows.Query(ctx, tx, `SELECT group_concat(id || ' ' || content_hash || ' ' || `+packrows.TextSQL("filepath")+`, '')
		FROM documents`+where, args...)
	if err != nil {
		return nil, err
	}
	docs, err := unpackVersions(r)
	if err != nil {
		return nil, err
	}
	where, args = idFilter("document_id", ids)
	//nolint:gosec // where holds placeholders only; values are bound
	if r, err = packrows.Query(ctx, tx, `SELECT group_concat(document_id || ' ' || line || ' ' || id || ' ' || `+packrows.TextSQL("path")+` || `+packrows.TextSQL("symbol")+`, '')
		FROM source_refs`+where, args...); err != nil {
		return nil, err
	}
	if err := unpackRefs(r, docs); err != nil {
		return nil, err
	}
	return docs, nil
}
