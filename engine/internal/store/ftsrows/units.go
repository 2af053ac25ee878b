package ftsrows

import (
	"context"
	"database/sql"
	"fmt"
	"math"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
)

// The short-term postings (migration 0008): section_units indexes each
// section's units of one and two non-ASCII runes, heading and content
// apart; triggers queue new and changed sections in section_units_pending.

// QueuedSection is a queued section's text, folded (sections_folded).
type QueuedSection struct {
	ID               int64
	Heading, Content string
}

// QueuedSections reads up to limit queued sections, in id order.
func QueuedSections(ctx context.Context, tx *sql.Tx, limit int) ([]QueuedSection, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, s.heading, s.content
		FROM section_units_pending AS p JOIN sections_folded AS s ON s.id = p.id
		ORDER BY p.id LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("read the queued sections: %w", err)
	}
	defer rows.Close()
	var batch []QueuedSection
	for rows.Next() {
		var r QueuedSection
		if err := rows.Scan(&r.ID, &r.Heading, &r.Content); err != nil {
			return nil, fmt.Errorf("read the queued sections: %w", err)
		}
		batch = append(batch, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the queued sections: %w", err)
	}
	return batch, nil
}

// UnitWriter writes sections' unit tokens through one statement prepared
// on the transaction.
type UnitWriter struct {
	stmt *sql.Stmt
}

// PrepareUnits prepares a UnitWriter on tx; Close it when done.
func PrepareUnits(ctx context.Context, tx *sql.Tx) (*UnitWriter, error) {
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO section_units(rowid, heading, content) VALUES (?, ?, ?)`)
	if err != nil {
		return nil, fmt.Errorf("prepare the units' insert: %w", err)
	}
	return &UnitWriter{stmt: stmt}, nil
}

// Insert writes one section's unit tokens. The statement does not watch
// ctx (see store.Uninterrupted); the transaction does.
func (w *UnitWriter) Insert(ctx context.Context, id int64, heading, content string) error {
	if _, err := w.stmt.ExecContext(store.Uninterrupted(ctx), id, heading, content); err != nil {
		return fmt.Errorf("write the units of section %d: %w", id, err)
	}
	return nil
}

// Close closes the prepared statement.
func (w *UnitWriter) Close() error { return w.stmt.Close() }

// Dequeue removes the queued sections up to id upTo; upTo 0 empties the
// queue.
func Dequeue(ctx context.Context, tx *sql.Tx, upTo int64) error {
	var err error
	if upTo == 0 {
		_, err = tx.ExecContext(ctx, `DELETE FROM section_units_pending`)
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM section_units_pending WHERE id <= ?`, upTo)
	}
	if err != nil {
		return fmt.Errorf("dequeue sections: %w", err)
	}
	return nil
}

// AnyQueued reports whether a section waits for its units.
func AnyQueued(ctx context.Context, q store.Querier) (bool, error) {
	var pending bool
	if err := q.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM section_units_pending)`).Scan(&pending); err != nil {
		return false, fmt.Errorf("read the short-term postings queue: %w", err)
	}
	return pending, nil
}

// UnitPostings calls fn for every section holding unit, with its
// occurrences in the heading and in the content. The sections come as one
// packed text (package packrows): a common unit is in thousands of
// sections, and stepping them one by one from Go took twice as long.
func UnitPostings(ctx context.Context, q store.Querier, unit string, fn func(id int64, hf, cf int32)) error {
	return postings(ctx, q, `term = ?1`, unit, fn)
}

// GluedPostings calls fn for every section holding a glued word (a Latin
// word written right after a kanji, see query.GluedWords, which
// section_units keeps beside the units) that starts with prefix, with its
// occurrences in the heading and in the content.
func GluedPostings(ctx context.Context, q store.Querier, prefix string, fn func(id int64, hf, cf int32)) error {
	return postings(ctx, q, `term >= ?1 AND term < ?1 || char(1114111)`, prefix, fn)
}

// postings reads, packed, the occurrences per section of the terms of
// section_units that termCond (on ?1 = term) selects, and passes them on.
func postings(ctx context.Context, q store.Querier, termCond, term string, fn func(id int64, hf, cf int32)) error {
	r, err := packrows.Query(ctx, q, `
		SELECT group_concat(doc || ' ' || h || ' ' || c || ' ', '') FROM (
			SELECT doc, sum(col = 'heading') AS h, sum(col = 'content') AS c
			FROM section_units_instance WHERE `+termCond+` GROUP BY doc)`, term)
	if err != nil {
		return fmt.Errorf("read the postings of %q: %w", term, err)
	}
	return readPostings(r, term, fn)
}

// readPostings passes on the packed postings r of term.
func readPostings(r *packrows.Reader, unit string, fn func(id int64, hf, cf int32)) error {
	for r.More() {
		id, hf, cf := r.Number(), r.Number(), r.Number()
		if r.Err() != nil {
			break
		}
		if hf < 0 || cf < 0 || hf > math.MaxInt32 || cf > math.MaxInt32 {
			return fmt.Errorf("read the postings of %q: section %d counts %d and %d occurrences", unit, id, hf, cf)
		}
		fn(id, int32(hf), int32(cf))
	}
	if err := r.Err(); err != nil {
		return fmt.Errorf("read the postings of %q: %w", unit, err)
	}
	return nil
}
