package store

import (
	"context"
	"database/sql"
	"fmt"
)

// WithTx runs fn in one write transaction of db (BEGIN IMMEDIATE on the
// writing pool): committed when fn returns nil, rolled back when it
// returns an error or panics (the panic goes on).
func WithTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin write transaction: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			_ = tx.Rollback() // the error that stopped the commit is the one reported
		}
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	committed = true
	return nil
}

// ReadTx runs fn in one read transaction of db, so every query in it sees
// the same snapshot of the index (never a document half-way through an
// update).
func ReadTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin read transaction: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // a read transaction: nothing to undo
	return fn(tx)
}
