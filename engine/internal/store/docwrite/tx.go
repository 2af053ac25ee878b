package docwrite

import (
	"context"
	"database/sql"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Tx is a write transaction that prepares each distinct statement once
// and reuses it for every document written in it (the statements are
// closed with the transaction). It is a store.Querier and a store.Execer,
// so every function of this package runs on it.
type Tx struct {
	tx    *sql.Tx
	stmts map[string]*sql.Stmt
}

// NewTx wraps tx, a write transaction just begun.
func NewTx(tx *sql.Tx) *Tx {
	return &Tx{tx: tx, stmts: map[string]*sql.Stmt{}}
}

// Commit commits the transaction.
func (t *Tx) Commit() error { return t.tx.Commit() }

// Rollback abandons the transaction.
func (t *Tx) Rollback() error { return t.tx.Rollback() }

func (t *Tx) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := t.stmts[query]; st != nil {
		return st, nil
	}
	st, err := t.tx.PrepareContext(ctx, query) //nolint:gosec // query is one of this package's own statements; values are bound
	if err != nil {
		return nil, err
	}
	t.stmts[query] = st
	return st, nil
}

// ExecContext runs a cached prepared statement. The statement itself does
// not watch ctx (see store.Uninterrupted); the transaction does.
func (t *Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.ExecContext(store.Uninterrupted(ctx), args...)
}

// QueryContext runs a cached prepared query.
func (t *Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext runs a cached prepared single-row query.
func (t *Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := t.stmt(ctx, query)
	if err != nil {
		return t.tx.QueryRowContext(ctx, query, args...) //nolint:gosec // one of this package's own statements, values bound; reports the same error on Scan
	}
	return st.QueryRowContext(ctx, args...)
}
