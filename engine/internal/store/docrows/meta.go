package docrows

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// MetaRow is what retrieval shows of one document, as stored.
type MetaRow struct {
	ID       int64
	DocID    string
	Filepath string
	Title    string
	DocType  string
}

// metaSelect reads the columns of MetaRow.
const metaSelect = `SELECT id, doc_id, filepath, title, doc_type FROM documents`

// ReadMeta calls fn with the row of each of the given documents, of every
// document when ids is nil, in no particular order; deleted ones are
// absent.
func ReadMeta(ctx context.Context, q store.Querier, ids []int64, fn func(MetaRow) error) error {
	scan := func(rows *sql.Rows) error {
		var d MetaRow
		if err := rows.Scan(&d.ID, &d.DocID, &d.Filepath, &d.Title, &d.DocType); err != nil {
			return err
		}
		return fn(d)
	}
	if ids != nil {
		if err := sqlbatch.QueryIDs(ctx, q, ids, metaSelect+` WHERE id IN (%s)`, scan); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		return nil
	}
	rows, err := q.QueryContext(ctx, metaSelect)
	if err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	return nil
}
