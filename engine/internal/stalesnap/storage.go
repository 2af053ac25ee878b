package stalesnap

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/sqlbatch"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/stale"
)

// ReadHeader reads the stored snapshot's header; nil when none is stored.
func ReadHeader(ctx context.Context, q store.Querier) (*Header, error) {
	var h Header
	var checked string
	err := q.QueryRowContext(ctx, `SELECT head, generation, config, baseline, checked_at FROM staleness_snapshot WHERE id = 1`).
		Scan(&h.Key.Head, &h.Key.Generation, &h.Key.Config, &h.Baseline, &checked)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	h.CheckedAt, _ = time.Parse(time.RFC3339Nano, checked)
	return &h, nil
}

// docColumns are the columns of staleness_documents scanDoc reads.
const docColumns = `document_id, version, tracked, refs, stats`

// scanDoc reads one staleness_documents row (docColumns); ok is false when
// this version cannot read its JSON.
func scanDoc(rows *sql.Rows) (id int64, d Doc, ok bool, err error) {
	var refs, stats string
	if err := rows.Scan(&id, &d.Version, &d.Tracked, &refs, &stats); err != nil {
		return 0, d, false, err
	}
	if json.Unmarshal([]byte(refs), &d.Changed) != nil || json.Unmarshal([]byte(stats), &d.Stats) != nil {
		return id, d, false, nil //nolint:nilerr // an unreadable row is recomputed, not an error
	}
	return id, d, true, nil
}

// ReadDocs reads the stored rows of the documents ids into docs; ok is
// false when a row cannot be read (the snapshot is then computed again).
func ReadDocs(ctx context.Context, q store.Querier, ids []int64, docs map[int64]Doc) (ok bool, err error) {
	unreadable := false
	err = sqlbatch.QueryIDs(ctx, q, ids, `SELECT `+docColumns+` FROM staleness_documents WHERE document_id IN (%s)`,
		func(rows *sql.Rows) error {
			id, d, ok, err := scanDoc(rows)
			if err != nil {
				return err
			}
			unreadable = unreadable || !ok
			docs[id] = d
			return nil
		})
	return !unreadable, err
}

// ReadAllDocs reads every stored row into docs; ok is false as soon as a
// row cannot be read.
func ReadAllDocs(ctx context.Context, q store.Querier, docs map[int64]Doc) (ok bool, err error) {
	rows, err := q.QueryContext(ctx, `SELECT `+docColumns+` FROM staleness_documents`)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	for rows.Next() {
		id, d, ok, err := scanDoc(rows)
		if err != nil {
			return false, err
		}
		if !ok {
			return false, nil // a row this version cannot read: compute again
		}
		docs[id] = d
	}
	if err := rows.Err(); err != nil {
		return false, err
	}
	return true, nil
}

// Store writes a snapshot in tx: all of it (whole: header and every row
// replaced), or only docs, replacing their rows, when the stored snapshot
// is for the same HEAD and baseline (another process may have moved on).
func Store(ctx context.Context, tx *sql.Tx, h Header, docs map[int64]Doc, whole bool) error {
	if whole {
		if _, err := tx.ExecContext(ctx, `DELETE FROM staleness_documents`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO staleness_snapshot(id, head, generation, config, baseline, checked_at) VALUES (1, ?, ?, ?, ?, ?)`,
			h.Key.Head, h.Key.Generation, h.Key.Config, h.Baseline, h.CheckedAt.UTC().Format(time.RFC3339Nano)); err != nil {
			return err
		}
	} else {
		res, err := tx.ExecContext(ctx, `UPDATE staleness_snapshot SET generation = max(generation, ?) WHERE id = 1 AND head = ? AND config = ?`,
			h.Key.Generation, h.Key.Head, h.Key.Config)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
	}
	// Only documents that still exist: one deleted since the check would
	// break the foreign key.
	stmt, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO staleness_documents(document_id, version, tracked, refs, stats)
		SELECT id, ?, ?, ?, ? FROM documents WHERE id = ?`)
	if err != nil {
		return err
	}
	defer stmt.Close()
	for id, d := range docs {
		refs, stats := d.Changed, d.Stats
		if refs == nil {
			refs = []stale.RefResult{}
		}
		if stats == nil {
			stats = []stale.Fingerprint{}
		}
		rb, err := json.Marshal(refs)
		if err != nil {
			return err
		}
		sb, err := json.Marshal(stats)
		if err != nil {
			return err
		}
		if _, err := stmt.ExecContext(ctx, d.Version, d.Tracked, string(rb), string(sb), id); err != nil {
			return err
		}
	}
	return nil
}

// Versions reads every document's version (see Input.Version).
func Versions(ctx context.Context, q store.Querier) (map[int64]string, error) {
	versions := map[int64]string{}
	rows, err := q.QueryContext(ctx, `SELECT id, content_hash || ' ' || filepath FROM documents`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var v string
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		versions[id] = v
	}
	return versions, rows.Err()
}
