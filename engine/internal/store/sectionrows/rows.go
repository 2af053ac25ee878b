package sectionrows

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
)

// Row is one row of the sections table.
type Row struct {
	ID          int64
	Doc         int64
	Ord         int
	Heading     string
	HeadingPath string
	Level       int // of its heading: 2 or 3, 0 for section 0 and a page's names
	Content     string
	StartLine   int
	EndLine     int
}

// Load reads the given sections.
func Load(ctx context.Context, db store.Querier, ids []int64) (map[int64]*Row, error) {
	out := make(map[int64]*Row, len(ids))
	err := sqlbatch.QueryIDs(ctx, db, ids, `
		SELECT id, document_id, ord, heading, heading_path, level, content, start_line, end_line
		FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
		s := &Row{}
		if err := rows.Scan(&s.ID, &s.Doc, &s.Ord, &s.Heading, &s.HeadingPath, &s.Level, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return err
		}
		out[s.ID] = s
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// All reads every section.
func All(ctx context.Context, db store.Querier) (map[int64]*Row, error) {
	out := map[int64]*Row{}
	err := Each(ctx, db, func(s *Row) error {
		out[s.ID] = s
		return nil
	})
	return out, err
}

// Each calls fn with every section, in id order, one row at a time: a
// caller that keeps nothing of a row holds one. fn owns the row it is
// given; its error stops the read and is returned as it is.
func Each(ctx context.Context, db store.Querier, fn func(*Row) error) error {
	rows, err := db.QueryContext(ctx, `SELECT id, document_id, ord, heading, heading_path, level, content, start_line, end_line FROM sections ORDER BY id`)
	if err != nil {
		return fmt.Errorf("read sections: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		s := &Row{}
		if err := rows.Scan(&s.ID, &s.Doc, &s.Ord, &s.Heading, &s.HeadingPath, &s.Level, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return fmt.Errorf("read sections: %w", err)
		}
		if err := fn(s); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read sections: %w", err)
	}
	return nil
}

// AllDocuments maps every section id to its document id: what comparing
// sections of different documents needs of them, without their text.
func AllDocuments(ctx context.Context, db store.Querier) (map[int64]int64, error) {
	rows, err := db.QueryContext(ctx, `SELECT id, document_id FROM sections`)
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, doc int64
		if err := rows.Scan(&id, &doc); err != nil {
			return nil, fmt.Errorf("read sections: %w", err)
		}
		out[id] = doc
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// Documents maps section ids to their document ids; sections that no
// longer exist are absent.
func Documents(ctx context.Context, db store.Querier, ids []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(ids))
	err := sqlbatch.QueryIDs(ctx, db, ids, `SELECT id, document_id FROM sections WHERE id IN (%s)`, func(rows *sql.Rows) error {
		var id, doc int64
		if err := rows.Scan(&id, &doc); err != nil {
			return err
		}
		out[id] = doc
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// First is the id of document doc's first section; ok is false when it has
// none (or the read failed: a hit without a section to show is still a
// hit).
func First(ctx context.Context, db store.Querier, doc int64) (id int64, ok bool) {
	err := db.QueryRowContext(ctx, `SELECT id FROM sections WHERE document_id = ? ORDER BY ord LIMIT 1`, doc).Scan(&id)
	return id, err == nil
}
