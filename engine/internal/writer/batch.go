package writer

import (
	"context"
	"fmt"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/docwrite"
	"github.com/ubp-dev/ubp/engine/stale"
)

// Limits of one write transaction during an indexing run.
const (
	batchMaxDocs = 64
	batchMaxTime = 100 * time.Millisecond
	// A first build (see deferFTS) commits less often: readers see no
	// full-text matches until it ends anyway, and each commit writes every
	// page it touched to the WAL again, the pages of the link and section
	// indexes above all. At 10,000 documents this halves the bytes
	// written (830 MB to 475 MB).
	firstBuildMaxDocs = 1024
	firstBuildMaxTime = time.Second
)

// writeBatch groups the writes of consecutive documents into shared
// transactions. Each document is always written whole inside one
// transaction, so readers never see half a document; sharing commits saves
// most of their cost (the WAL append and the FTS segment flush). A
// transaction holds at most batchMaxDocs documents or batchMaxTime of
// work, so other writers never wait long for the lock.
type writeBatch struct {
	w       *Writer
	tx      *docwrite.Tx
	n       int
	started time.Time
	marked  bool // meta needs_relink was set in this run
	// written collects the ids of the documents written (see
	// Written.Docs); nil: not collected.
	written *[]int64
	// relink collects the names the batch's documents had and have (see
	// runOptions.relink); nil: not collected.
	relink *relinkSet
	// maxDocs and maxTime bound a transaction (batchMaxDocs and
	// batchMaxTime when zero).
	maxDocs int
	maxTime time.Duration
	// refs fingerprints the source refs of the run's documents, each
	// distinct ref once (see refFingerprint).
	refs *stale.RefStatter
	// rejecter decides which refs a staleness check will reject (see
	// sourceRefWarnings); nil when the root could not be resolved.
	rejecter *stale.Rejecter
}

// do runs fn, the complete write of one document, in the current
// transaction (begun if needed), and commits when the batch is full. On
// error the whole batch is rolled back.
func (b *writeBatch) do(ctx context.Context, fn func(tx *docwrite.Tx) error) error {
	// The statements do not watch ctx (store.Uninterrupted): stop here,
	// before the next document.
	if err := ctx.Err(); err != nil {
		b.rollback()
		return fmt.Errorf("index: %w", err)
	}
	if b.tx == nil {
		tx, err := b.w.db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("begin write transaction: %w", err)
		}
		b.tx, b.n, b.started = docwrite.NewTx(tx), 0, time.Now()
	}
	if !b.marked {
		// Committed with the first documents: should the run stop before
		// links are resolved, the next run still resolves them.
		if err := store.SetMeta(ctx, b.tx, MetaNeedsRelink, "1"); err != nil {
			b.rollback()
			return err
		}
		b.marked = true
	}
	if err := fn(b.tx); err != nil {
		b.rollback()
		return err
	}
	b.n++
	maxDocs, maxTime := batchMaxDocs, batchMaxTime
	if b.maxDocs > 0 {
		maxDocs, maxTime = b.maxDocs, b.maxTime
	}
	if b.n >= maxDocs || time.Since(b.started) >= maxTime {
		return b.commit()
	}
	return nil
}

// commit ends the current transaction, if any.
func (b *writeBatch) commit() error {
	if b.tx == nil {
		return nil
	}
	tx := b.tx
	b.tx = nil
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// rollback abandons the current transaction, if any.
func (b *writeBatch) rollback() {
	if b.tx != nil {
		_ = b.tx.Rollback() // the error that stopped the batch is the one reported
		b.tx = nil
	}
}
