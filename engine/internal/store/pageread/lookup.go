package pageread

import (
	"context"

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
	rows, err := q.QueryContext(ctx, `SELECT id, doc_id, filepath, title, aliases FROM documents ORDER BY filepath`)
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
