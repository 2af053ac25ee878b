package ftsrows

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/packrows"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// The length tables of migration 0008 are kept in step with the sections
// by triggers.

// CorpusTotals are the totals row of corpus_lengths: sections, their
// summed length in characters (heading + content), and documents with at
// least one section.
type CorpusTotals struct {
	Sections, Len, Documents int64
}

// ReadCorpusTotals reads the totals row.
func ReadCorpusTotals(ctx context.Context, q store.Querier) (CorpusTotals, error) {
	var t CorpusTotals
	err := q.QueryRowContext(ctx, `SELECT sections, len, documents FROM corpus_lengths WHERE id = 1`).Scan(&t.Sections, &t.Len, &t.Documents)
	if err != nil {
		return CorpusTotals{}, fmt.Errorf("read corpus statistics: %w", err)
	}
	return t, nil
}

// DocumentLengths calls fn with the section count and length of each of
// the given documents that has sections.
func DocumentLengths(ctx context.Context, q store.Querier, ids []int64, fn func(id int64, sections, length int)) error {
	err := sqlbatch.QueryIDs(ctx, q, ids, `SELECT document_id, sections, len FROM document_lengths WHERE document_id IN (%s)`,
		func(rows *sql.Rows) error {
			var id int64
			var sections, length int
			if err := rows.Scan(&id, &sections, &length); err != nil {
				return err
			}
			fn(id, sections, length)
			return nil
		})
	if err != nil {
		return fmt.Errorf("read document lengths: %w", err)
	}
	return nil
}

// SectionLengths calls fn with the document and length of each of the
// given sections that exists.
func SectionLengths(ctx context.Context, q store.Querier, ids []int64, fn func(id, doc int64, length int)) error {
	// Each batch of ids comes back as one packed text (package packrows):
	// a common short term's thousands of sections cost half as much.
	err := sqlbatch.QueryIDs(ctx, q, ids, `SELECT group_concat(id || ' ' || document_id || ' ' || len || ' ', '')
		FROM section_lengths WHERE id IN (%s)`, func(rows *sql.Rows) error {
		r, err := packrows.Scan(rows)
		if err != nil {
			return err
		}
		for r.More() {
			id, doc, length := r.Number(), r.Number(), r.Number()
			if r.Err() != nil {
				break
			}
			fn(id, doc, int(length))
		}
		return r.Err()
	})
	if err != nil {
		return fmt.Errorf("read section lengths: %w", err)
	}
	return nil
}
