package stalerows

import (
	"context"
	"database/sql"
	"errors"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Header is the stored snapshot's header row.
type Header struct {
	Head       string
	Generation int64
	Config     string
	Baseline   string
	CheckedAt  string // RFC 3339 with nanoseconds, UTC
	// Checker is the revision of the staleness check that computed it
	// (migration 0033; 0 for a snapshot stored before).
	Checker int
}

// ReadHeader reads the snapshot's header; ok is false when none is
// stored.
func ReadHeader(ctx context.Context, q store.Querier) (h Header, ok bool, err error) {
	err = q.QueryRowContext(ctx, `SELECT head, generation, config, baseline, checked_at, checker FROM staleness_snapshot WHERE id = 1`).
		Scan(&h.Head, &h.Generation, &h.Config, &h.Baseline, &h.CheckedAt, &h.Checker)
	if errors.Is(err, sql.ErrNoRows) {
		return Header{}, false, nil
	}
	if err != nil {
		return Header{}, false, err
	}
	return h, true, nil
}

// ReplaceHeader empties staleness_documents and stores h as the
// snapshot's header: the start of writing a whole snapshot.
func ReplaceHeader(ctx context.Context, tx *sql.Tx, h Header) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM staleness_documents`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO staleness_snapshot(id, head, generation, config, baseline, checked_at, checker) VALUES (1, ?, ?, ?, ?, ?, ?)`,
		h.Head, h.Generation, h.Config, h.Baseline, h.CheckedAt, h.Checker)
	return err
}

// AdvanceHeader moves the stored snapshot's generation up to generation
// when it is for head and config and was computed by checker, and reports
// whether it is.
func AdvanceHeader(ctx context.Context, tx *sql.Tx, generation int64, head, config string, checker int) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE staleness_snapshot SET generation = max(generation, ?) WHERE id = 1 AND head = ? AND config = ? AND checker = ?`,
		generation, head, config, checker)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n != 0, nil
}
