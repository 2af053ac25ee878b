package pageread

import (
	"context"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// DocumentByPathOrDocID finds the document whose file path is key (as it
// is, or with .md or .markdown added) or whose doc_id is key, the exact
// file path first, through the unique indexes; sql.ErrNoRows when none is.
func DocumentByPathOrDocID(ctx context.Context, q store.Querier, key string) (id int64, filepath string, err error) {
	err = q.QueryRowContext(ctx, `SELECT id, filepath FROM documents
		WHERE filepath IN (?, ?, ?, ?) OR doc_id = ? ORDER BY filepath = ? DESC LIMIT 1`,
		key, key+".md", key+".markdown", key+".mdx", key, key).Scan(&id, &filepath)
	return id, filepath, err
}

// DocumentPath reads the file path of document id.
func DocumentPath(ctx context.Context, q store.Querier, id int64) (string, error) {
	var filepath string
	err := q.QueryRowContext(ctx, `SELECT filepath FROM documents WHERE id = ?`, id).Scan(&filepath)
	return filepath, err
}

// LookupRow is what page lookup compares of a document: ids, file path,
// title and its aliases as stored (a JSON array).
type LookupRow struct {
	ID      int64
	DocID   string
	Path    string
	Title   string
	Aliases string
}

// LookupRows reads the LookupRow of every document, in file path order.
func LookupRows(ctx context.Context, q store.Querier) ([]LookupRow, error) {
	return lookupRows(ctx, q, `SELECT id, doc_id, filepath, title, aliases FROM documents ORDER BY filepath`)
}

// lookupRows reads the LookupRows query selects.
func lookupRows(ctx context.Context, q store.Querier, query string, args ...any) ([]LookupRow, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []LookupRow
	for rows.Next() {
		var d LookupRow
		if err := rows.Scan(&d.ID, &d.DocID, &d.Path, &d.Title, &d.Aliases); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// LookupRowsByHashes reads the LookupRow of the documents holding one of
// hashes in document_name_variants (pageref.DocHashes), at most limit of
// them (all for limit < 0), and of the documents ids, in file path order.
func LookupRowsByHashes(ctx context.Context, q store.Querier, hashes []int64, limit int, ids []int64) ([]LookupRow, error) {
	var b strings.Builder
	args := make([]any, 0, len(hashes)+len(ids)+1)
	b.WriteString(`SELECT id, doc_id, filepath, title, aliases FROM documents
		WHERE id IN (SELECT DISTINCT document_id FROM document_name_variants WHERE hash IN (0`)
	for _, h := range hashes {
		b.WriteString(", ?")
		args = append(args, h)
	}
	b.WriteString(") LIMIT ?) OR id IN (0")
	args = append(args, limit)
	for _, id := range ids {
		b.WriteString(", ?")
		args = append(args, id)
	}
	b.WriteString(") ORDER BY filepath")
	return lookupRows(ctx, q, b.String(), args...)
}

// DocumentsWithKeysFrom returns the documents holding the n keys of
// document_keys (graph.DocKeys) that come first from key on in key order:
// those whose file name, title or alias key starts with key among them.
func DocumentsWithKeysFrom(ctx context.Context, q store.Querier, key string, n int) ([]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT document_id FROM
		(SELECT document_id FROM document_keys WHERE key >= ? ORDER BY key LIMIT ?)`, key, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
