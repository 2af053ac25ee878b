package docmeta

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/query"
	"github.com/ubp-dev/ubp/index"
)

// Meta is what search needs of a document.
type Meta struct {
	ID       int64
	DocID    string
	Filepath string
	Title    string
	DocType  index.DocType
	// lowerTitle is the title through query.Normalize and query.Lower, as
	// runes, set by Load: what title matching compares, computed once per
	// read instead of once per matched document and term.
	lowerTitle []rune
}

// LowerTitle is the normalised title lower-cased for matching (see
// query.CountLower). It never writes: a Meta may be shared by concurrent
// readers (see Cache).
func (d *Meta) LowerTitle() []rune { return d.lowerTitle }

// Load reads id, public id, path, title and type of the given documents,
// every document when ids is nil. Deleted ones are absent.
func Load(ctx context.Context, db store.Querier, ids []int64) (map[int64]*Meta, error) {
	out := make(map[int64]*Meta, len(ids))
	scan := func(rows *sql.Rows) error {
		d := &Meta{}
		var dt string
		if err := rows.Scan(&d.ID, &d.DocID, &d.Filepath, &d.Title, &dt); err != nil {
			return err
		}
		d.DocType, _ = index.ParseDocType(dt)
		d.lowerTitle = []rune(query.Lower(query.Normalize(d.Title)))
		out[d.ID] = d
		return nil
	}
	const cols = `SELECT id, doc_id, filepath, title, doc_type FROM documents`
	if ids != nil {
		if err := sqlbatch.QueryIDs(ctx, db, ids, cols+` WHERE id IN (%s)`, scan); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
		return out, nil
	}
	rows, err := db.QueryContext(ctx, cols)
	if err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return nil, fmt.Errorf("read documents: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read documents: %w", err)
	}
	return out, nil
}
