// Package sqlbatch runs a query over a long list of row ids in batches of
// `?` placeholders, so the storage layer's packages do not each rebuild
// the IN (...) list.
package sqlbatch

import (
	"context"
	"database/sql"
	"strings"
)

// Size is the number of ids per statement, well under SQLite's limit on
// host parameters.
const Size = 500

// Querier is *sql.DB, *sql.Tx or *sql.Conn.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// QueryIDs runs query once per batch of ids, with its single %s replaced by
// the batch's placeholders ("?,?,?"), and calls scan for every row.
func QueryIDs(ctx context.Context, q Querier, ids []int64, query string, scan func(*sql.Rows) error) error {
	return QueryKeys(ctx, q, ids, query, scan)
}

// QueryKeys is QueryIDs for keys of any type SQLite binds (text keys).
func QueryKeys[K any](ctx context.Context, q Querier, keys []K, query string, scan func(*sql.Rows) error) error {
	for start := 0; start < len(keys); start += Size {
		part := keys[start:min(start+Size, len(keys))]
		args := make([]any, len(part))
		for i, k := range part {
			args[i] = k
		}
		stmt := strings.Replace(query, "%s", "?"+strings.Repeat(",?", len(part)-1), 1)
		if err := scanAll(ctx, q, stmt, args, scan); err != nil {
			return err
		}
	}
	return nil
}

func scanAll(ctx context.Context, q Querier, stmt string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, stmt, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
