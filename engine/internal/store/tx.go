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

// Uninterrupted is ctx for one short statement of a bulk write: its values
// without its cancellation and deadline. go-sqlite3 runs a statement whose
// context can be cancelled on a goroutine of its own, so that it can
// interrupt it, and a first build of 10,000 documents runs about 150,000
// statements of well under a millisecond each: the hops cost 15-20% of
// its writing time. The transaction around the statements still watches
// ctx (database/sql rolls it back when ctx ends, and its commit fails, so
// nothing of it is kept), and the writers check ctx between documents and
// batches.
func Uninterrupted(ctx context.Context) context.Context { return context.WithoutCancel(ctx) }
