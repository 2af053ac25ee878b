package docwrite

import (
	"context"
	"testing"
)

// TestTxStopsWhenItsContextEnds: statements run through a Tx do not watch
// their context, but the transaction does: once its context is cancelled,
// database/sql rolls it back (soon after, on a goroutine of its own) and
// its commit fails, so nothing of it is kept.
func TestTxStopsWhenItsContextEnds(t *testing.T) {
	db := openIndex(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	sqlTx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	tx := NewTx(sqlTx)
	defer func() { _ = tx.Rollback() }()
	const insert = `INSERT INTO meta(key, value) VALUES (?, 'x')`
	if _, err := tx.ExecContext(ctx, insert, "before"); err != nil {
		t.Fatal(err)
	}
	cancel()
	_, _ = tx.ExecContext(ctx, insert, "after") // may run before the rollback: either way not kept
	if err := tx.Commit(); err == nil {
		t.Fatal("a transaction committed after its context was cancelled")
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM meta WHERE key IN ('before', 'after')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d rows of the cancelled transaction were kept", n)
	}
}
