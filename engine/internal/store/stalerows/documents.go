package stalerows

import (
	"context"
	"database/sql"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// Doc is one staleness_documents row: a document's version when checked,
// whether it had refs checked, and its changed refs and their
// fingerprints as JSON text.
type Doc struct {
	DocumentID int64
	Version    string
	Tracked    bool
	Refs       string
	Stats      string
}

// docColumns are the columns of staleness_documents scanDoc reads.
const docColumns = `document_id, version, tracked, refs, stats`

func scanDoc(rows *sql.Rows) (Doc, error) {
	var d Doc
	err := rows.Scan(&d.DocumentID, &d.Version, &d.Tracked, &d.Refs, &d.Stats)
	return d, err
}

// DocsOf calls fn with the stored row of each of ids that has one.
func DocsOf(ctx context.Context, q store.Querier, ids []int64, fn func(Doc) error) error {
	return sqlbatch.QueryIDs(ctx, q, ids, `SELECT `+docColumns+` FROM staleness_documents WHERE document_id IN (%s)`,
		func(rows *sql.Rows) error {
			d, err := scanDoc(rows)
			if err != nil {
				return err
			}
			return fn(d)
		})
}

// AllDocs calls fn with every stored row while fn returns true. The rows
// are read as one packed text (see package packrows): stepping 10,000 rows one
// by one from Go cost more than SQLite's reading them.
func AllDocs(ctx context.Context, q store.Querier, fn func(Doc) (more bool)) error {
	r, err := packrows.Query(ctx, q, `SELECT group_concat(document_id || ' ' || tracked || ' ' || `+
		packrows.TextSQL("version")+` || `+packrows.TextSQL("refs")+` || `+packrows.TextSQL("stats")+`, '') FROM staleness_documents`)
	if err != nil {
		return err
	}
	for r.More() {
		d := Doc{DocumentID: r.Number(), Tracked: r.Number() != 0}
		// The version outlives the packed text (a server keeps the snapshot).
		d.Version, d.Refs, d.Stats = strings.Clone(r.Text()), r.Text(), r.Text()
		if err := r.Err(); err != nil {
			return err
		}
		if !fn(d) {
			return nil
		}
	}
	return r.Err()
}

// DocWriter stores staleness_documents rows through one statement
// prepared on the transaction.
type DocWriter struct {
	stmt *sql.Stmt
}

// PrepareDocWriter prepares the statement of a DocWriter in tx; Close it.
func PrepareDocWriter(ctx context.Context, tx *sql.Tx) (*DocWriter, error) {
	// Only documents that still exist: one deleted since the check would
	// break the foreign key.
	stmt, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO staleness_documents(document_id, version, tracked, refs, stats)
		SELECT id, ?, ?, ?, ? FROM documents WHERE id = ?`)
	if err != nil {
		return nil, err
	}
	return &DocWriter{stmt: stmt}, nil
}

// Put stores d, replacing the document's row; a document that no longer
// exists gets none. The statement does not watch ctx (see
// store.Uninterrupted); the transaction does.
func (w *DocWriter) Put(ctx context.Context, d Doc) error {
	_, err := w.stmt.ExecContext(store.Uninterrupted(ctx), d.Version, d.Tracked, d.Refs, d.Stats, d.DocumentID)
	return err
}

// Close releases the prepared statement.
func (w *DocWriter) Close() error { return w.stmt.Close() }

// Versions reads every document's version: its content hash and path,
// what its staleness depends on in the index.
func Versions(ctx context.Context, q store.Querier) (map[int64]string, error) {
	versions := map[int64]string{}
	rows, err := q.QueryContext(ctx, `SELECT id, content_hash || ' ' || filepath FROM documents`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var v string
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		versions[id] = v
	}
	return versions, rows.Err()
}
