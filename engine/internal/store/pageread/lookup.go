package pageread

import (
	"context"
	"encoding/json"
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

// jsonList is list as a JSON array, the one parameter of a json_each.
func jsonList(list []string) string {
	b, _ := json.Marshal(list) // strings always marshal
	return string(b)
}

// LookupRowsByKeys reads the LookupRow of the documents holding one of
// keys in document_keys, in file path order.
func LookupRowsByKeys(ctx context.Context, q store.Querier, keys []string) ([]LookupRow, error) {
	return lookupRows(ctx, q, `SELECT id, doc_id, filepath, title, aliases FROM documents
		WHERE id IN (SELECT document_id FROM document_keys WHERE key IN (SELECT value FROM json_each(?)))
		ORDER BY filepath`, jsonList(keys))
}

// LookupRowsNear reads, in file path order, the LookupRow of the
// documents holding one of the n document_keys on either side of each of
// keys in key order, of the n file paths on either side of each of paths
// in path order, and of those holding one of exact: at most
// 2n·(len(keys)+len(paths)) documents and those of exact, each read
// through an index.
func LookupRowsNear(ctx context.Context, q store.Querier, keys, paths, exact []string, n int) ([]LookupRow, error) {
	var b strings.Builder
	var args []any
	b.WriteString(`SELECT id, doc_id, filepath, title, aliases FROM documents WHERE id IN (
		SELECT document_id FROM document_keys WHERE key IN (SELECT value FROM json_each(?))`)
	args = append(args, jsonList(exact))
	for _, k := range keys {
		b.WriteString(`
		UNION ALL SELECT * FROM (SELECT document_id FROM document_keys WHERE key >= ? ORDER BY key LIMIT ?)
		UNION ALL SELECT * FROM (SELECT document_id FROM document_keys WHERE key < ? ORDER BY key DESC LIMIT ?)`)
		args = append(args, k, n, k, n)
	}
	for _, p := range paths {
		b.WriteString(`
		UNION ALL SELECT * FROM (SELECT id FROM documents WHERE filepath >= ? ORDER BY filepath LIMIT ?)
		UNION ALL SELECT * FROM (SELECT id FROM documents WHERE filepath < ? ORDER BY filepath DESC LIMIT ?)`)
		args = append(args, p, n, p, n)
	}
	b.WriteString(`) ORDER BY filepath`)
	return lookupRows(ctx, q, b.String(), args...)
}
