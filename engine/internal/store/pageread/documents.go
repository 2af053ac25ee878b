package pageread

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwarn"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
	"github.com/ubp-dev/ubp/index"
)

// StoredBody reads the body column of document id and its kind (see
// engine/internal/docbody: the whole body or its skeleton).
func StoredBody(ctx context.Context, q store.Querier, id int64) (body string, kind int, err error) {
	err = q.QueryRowContext(ctx, `SELECT body, body_kind FROM documents WHERE id = ?`, id).Scan(&body, &kind)
	return body, kind, err
}

// DocumentName reads the public id, file path and title of document id.
func DocumentName(ctx context.Context, q store.Querier, id int64) (docID, filepath, title string, err error) {
	err = q.QueryRowContext(ctx, `SELECT doc_id, filepath, title FROM documents WHERE id = ?`, id).
		Scan(&docID, &filepath, &title)
	return docID, filepath, title, err
}

// PageHeader reads the row of document id a page shows (public id, file
// path, title, type, update time, the warnings of its last parse) into p;
// sql.ErrNoRows when it is gone.
func PageHeader(ctx context.Context, q store.Querier, id int64, p *answer.Page) error {
	var dt, warns string
	err := q.QueryRowContext(ctx, `SELECT doc_id, filepath, title, doc_type, updated_at, warnings, body_line
			FROM documents WHERE id = ?`, id).Scan(&p.DocID, &p.Filepath, &p.Title, &dt, &p.UpdatedAt, &warns, &p.BodyStart)
	if err != nil {
		return err
	}
	p.DocType = index.DocType(dt)
	p.Warnings, err = docwarn.Decode(p.Filepath, warns)
	return err
}

// fileStats reads what EachFileStat reports. It scans the covering index
// documents_file_stats, not the table: every read command runs it first
// (the freshness check), and the table's rows hold the page bodies.
const fileStats = `SELECT filepath, file_size, file_mtime FROM documents`

// EachFileStat calls fn with the file path, size and modification time
// the index recorded for every document.
func EachFileStat(ctx context.Context, q store.Querier, fn func(path string, size, mtime int64)) error {
	rows, err := q.QueryContext(ctx, fileStats)
	if err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var p string
		var size, mtime int64
		if err := rows.Scan(&p, &size, &mtime); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		fn(p, size, mtime)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	return nil
}

// DocumentPage reads how many documents the index holds and the ids of
// limit of them from offset, in file path order: one ordered read of a
// page, not a walk over every document.
func DocumentPage(ctx context.Context, q store.Querier, limit, offset int) (total int, ids []int64, err error) {
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM documents`).Scan(&total); err != nil {
		return 0, nil, fmt.Errorf("count documents: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT id FROM documents ORDER BY filepath, doc_id LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return 0, nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, nil, err
		}
		ids = append(ids, id)
	}
	return total, ids, rows.Err()
}

// DocumentPaths reads the file paths of the documents ids, in batches;
// ids that no longer exist are absent.
func DocumentPaths(ctx context.Context, q store.Querier, ids []int64) (map[int64]string, error) {
	return textByID(ctx, q, ids, `SELECT id, filepath FROM documents WHERE id IN (%s)`)
}

// textByID runs stmt (selecting an id and a text, its `IN (%s)` filled by
// sqlbatch) over ids and keys the texts by id.
func textByID(ctx context.Context, q store.Querier, ids []int64, stmt string) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	err := sqlbatch.QueryIDs(ctx, q, ids, stmt, func(rows *sql.Rows) error {
		var id int64
		var text string
		if err := rows.Scan(&id, &text); err != nil {
			return err
		}
		out[id] = text
		return nil
	})
	return out, err
}

// NodeRow is what a graph view's detail starts from of one document: its
// row id, public id, frontmatter (JSON) and how many other documents link
// to it.
type NodeRow struct {
	ID          int64
	DocID       string
	Frontmatter string
	Backlinks   int
}

// EachNodeRow calls fn with the NodeRow of every document, until fn
// returns an error (returned as it is).
func EachNodeRow(ctx context.Context, q store.Querier, fn func(NodeRow) error) error {
	rows, err := q.QueryContext(ctx, `SELECT d.id, d.doc_id, d.frontmatter,
			(SELECT count(DISTINCT l.source_id) FROM links l WHERE l.target_id = d.id AND l.source_id <> d.id)
			FROM documents d`)
	if err != nil {
		return fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r NodeRow
		if err := rows.Scan(&r.ID, &r.DocID, &r.Frontmatter, &r.Backlinks); err != nil {
			return fmt.Errorf("read documents: %w", err)
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	return rows.Err()
}
