package docwrite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
)

// StoredDocument is what the index remembers of a file, to tell whether
// it changed.
type StoredDocument struct {
	ID    int64
	Path  string
	Hash  string // content_hash
	Size  int64
	MTime int64 // unix nanoseconds
}

// storedDocuments selects StoredDocument rows: a scan of the covering
// index documents_file_stats, not of the rows and their page bodies.
const storedDocuments = `SELECT id, filepath, content_hash, file_size, file_mtime FROM documents`

// StoredDocuments returns every indexed document by filepath.
func StoredDocuments(ctx context.Context, q store.Querier) (map[string]*StoredDocument, error) {
	return readStoredDocuments(ctx, q, storedDocuments)
}

// StoredDocumentsAt returns the indexed documents at path p and under
// p/, by filepath, looked up in the filepath index.
func StoredDocumentsAt(ctx context.Context, q store.Querier, p string) (map[string]*StoredDocument, error) {
	// '0' is the byte after '/'.
	return readStoredDocuments(ctx, q, storedDocuments+` WHERE filepath = ? OR (filepath >= ? AND filepath < ?)`,
		p, p+"/", p+"0")
}

func readStoredDocuments(ctx context.Context, q store.Querier, query string, args ...any) (map[string]*StoredDocument, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read indexed documents: %w", err)
	}
	defer rows.Close()
	m := map[string]*StoredDocument{}
	for rows.Next() {
		s := &StoredDocument{}
		if err := rows.Scan(&s.ID, &s.Path, &s.Hash, &s.Size, &s.MTime); err != nil {
			return nil, fmt.Errorf("read indexed documents: %w", err)
		}
		m[s.Path] = s
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read indexed documents: %w", err)
	}
	return m, nil
}

// DocumentRow is a documents row as the writer stores it.
type DocumentRow struct {
	Path        string
	Title       string
	DocType     string
	Body        string
	BodyKind    int
	Frontmatter string // JSON
	Aliases     string // JSON array of folded aliases
	ContentHash string
	FileSize    int64
	FileMTime   int64 // unix nanoseconds
	IndexedAt   string
	UpdatedAt   string
	DocID       string
	Warnings    string // JSON array of the parse's warnings, {"line", "message"}
	BodyLine    int    // line of the file where the body starts
}

func (r DocumentRow) args() []any {
	if r.Warnings == "" {
		r.Warnings = "[]"
	}
	return []any{r.Path, r.Title, r.DocType, r.Body, r.BodyKind, r.Frontmatter, r.Aliases, r.ContentHash,
		r.FileSize, r.FileMTime, r.IndexedAt, r.UpdatedAt, r.DocID, r.Warnings, r.BodyLine}
}

// InsertDocument adds a document row and returns its id.
func InsertDocument(ctx context.Context, x store.Execer, row DocumentRow) (int64, error) {
	res, err := x.ExecContext(ctx, `INSERT INTO documents(filepath, title, doc_type, body, body_kind, frontmatter,
		aliases, content_hash, file_size, file_mtime, indexed_at, updated_at, doc_id, warnings, body_line)
		VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, row.args()...)
	if err != nil {
		return 0, fmt.Errorf("insert document: %w", err)
	}
	return res.LastInsertId()
}

// UpdateDocument rewrites the row of document id.
func UpdateDocument(ctx context.Context, x store.Execer, id int64, row DocumentRow) error {
	_, err := x.ExecContext(ctx, `UPDATE documents SET filepath = ?, title = ?, doc_type = ?, body = ?, body_kind = ?,
			frontmatter = ?, aliases = ?, content_hash = ?, file_size = ?, file_mtime = ?, indexed_at = ?,
			updated_at = ?, doc_id = ?, warnings = ?, body_line = ? WHERE id = ?`, append(row.args(), id)...)
	if err != nil {
		return fmt.Errorf("update document: %w", err)
	}
	return nil
}

// TouchDocument records a new size and modification time (unix
// nanoseconds) for document id, whose bytes did not change; it returns
// the driver's error for the caller to name the file.
func TouchDocument(ctx context.Context, x store.Execer, id, size, mtime int64, updatedAt string) error {
	_, err := x.ExecContext(ctx, `UPDATE documents SET file_size = ?, file_mtime = ?, updated_at = ? WHERE id = ?`,
		size, mtime, updatedAt, id)
	return err
}

// DeleteDocument removes document id; its sections, outgoing links and
// source refs go with it (ON DELETE CASCADE), links to it dangle. It
// returns the driver's error for the caller to name the file.
func DeleteDocument(ctx context.Context, x store.Execer, id int64) error {
	_, err := x.ExecContext(ctx, `DELETE FROM documents WHERE id = ?`, id)
	return err
}

// DocIDOf returns the doc_id of document id ("" when there is no such
// document). Errors are the driver's, for the caller to name the path.
func DocIDOf(ctx context.Context, q store.Querier, id int64) (string, error) {
	var cur string
	err := q.QueryRowContext(ctx, `SELECT doc_id FROM documents WHERE id = ?`, id).Scan(&cur)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return cur, err
}

// DocIDTaken reports whether a document other than self holds doc_id.
// Errors are the driver's, for the caller to name the path.
func DocIDTaken(ctx context.Context, q store.Querier, docID string, self int64) (bool, error) {
	var taken int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE doc_id = ? AND id != ?`, docID, self).Scan(&taken); err != nil {
		return false, err
	}
	return taken != 0, nil
}

// DocumentNames reads what link resolution knows of document id (ok
// false when there is no such document).
func DocumentNames(ctx context.Context, q store.Querier, id int64) (d graph.DocRef, ok bool, err error) {
	var aliases string
	err = q.QueryRowContext(ctx, `SELECT id, filepath, title, aliases FROM documents WHERE id = ?`, id).
		Scan(&d.ID, &d.Path, &d.Title, &aliases)
	if err == sql.ErrNoRows {
		return d, false, nil
	}
	if err != nil {
		return d, false, fmt.Errorf("read names of document %d: %w", id, err)
	}
	if err := json.Unmarshal([]byte(aliases), &d.Aliases); err != nil {
		return d, false, fmt.Errorf("read aliases of %s: %w", d.Path, err)
	}
	return d, true, nil
}

// AllDocumentNames reads every document as link resolution knows it.
func AllDocumentNames(ctx context.Context, q store.Querier) ([]graph.DocRef, error) {
	return store.LoadDocRefs(ctx, q, `SELECT id, filepath, title, aliases FROM documents`)
}
