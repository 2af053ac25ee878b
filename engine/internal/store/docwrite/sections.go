package docwrite

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/query/textfold"
)

// StoredSection is what the writer compares of a stored section with the
// section parsed now.
type StoredSection struct {
	ID          int64
	Ord         int
	Heading     string
	HeadingPath string
	Anchor      string
	Level       int
	StartLine   int
	EndLine     int
	Tokens      int
	Hash        string // content_hash
}

// SectionsOf reads the sections of document docID.
func SectionsOf(ctx context.Context, q store.Querier, docID int64) ([]StoredSection, error) {
	rows, err := q.QueryContext(ctx, `SELECT ord, id, heading, heading_path, anchor, level, start_line,
		end_line, tokens, content_hash FROM sections WHERE document_id = ?`, docID)
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	defer rows.Close()
	var out []StoredSection
	for rows.Next() {
		var s StoredSection
		if err := rows.Scan(&s.Ord, &s.ID, &s.Heading, &s.HeadingPath, &s.Anchor, &s.Level, &s.StartLine,
			&s.EndLine, &s.Tokens, &s.Hash); err != nil {
			return nil, fmt.Errorf("read sections: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}

// SectionRow is a sections row as the writer stores it.
type SectionRow struct {
	Ord         int
	Heading     string
	HeadingPath string
	Anchor      string
	Level       int
	Content     string
	StartLine   int
	EndLine     int
	Tokens      int
	Hash        string // content_hash
}

// folds is the row's folds column: whether folding may change a letter,
// digit or kana of its text (see migration 0014 and ftsrows' scans).
func (s SectionRow) folds() bool {
	return textfold.ChangesWords(s.Heading) || textfold.ChangesWords(s.Content)
}

// InsertSection adds section s to document docID.
func InsertSection(ctx context.Context, x store.Execer, docID int64, s SectionRow) error {
	_, err := x.ExecContext(ctx, `INSERT INTO sections(document_id, ord, heading, heading_path, anchor,
				level, content, start_line, end_line, tokens, content_hash, folds) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		docID, s.Ord, s.Heading, s.HeadingPath, s.Anchor, s.Level, s.Content, s.StartLine, s.EndLine, s.Tokens, s.Hash, s.folds())
	if err != nil {
		return fmt.Errorf("write section %d: %w", s.Ord, err)
	}
	return nil
}

// UpdateSection rewrites section id, text and place, keeping its row id
// (and so its embedding row).
func UpdateSection(ctx context.Context, x store.Execer, id int64, s SectionRow) error {
	_, err := x.ExecContext(ctx, `UPDATE sections SET heading = ?, heading_path = ?, anchor = ?, level = ?,
				content = ?, start_line = ?, end_line = ?, tokens = ?, content_hash = ?, folds = ? WHERE id = ?`,
		s.Heading, s.HeadingPath, s.Anchor, s.Level, s.Content, s.StartLine, s.EndLine, s.Tokens, s.Hash, s.folds(), id)
	if err != nil {
		return fmt.Errorf("write section %d: %w", s.Ord, err)
	}
	return nil
}

// MoveSection rewrites the place of section id (heading path, anchor,
// level, lines, tokens), whose text is unchanged.
func MoveSection(ctx context.Context, x store.Execer, id int64, s SectionRow) error {
	_, err := x.ExecContext(ctx, `UPDATE sections SET heading_path = ?, anchor = ?, level = ?, start_line = ?,
				end_line = ?, tokens = ? WHERE id = ?`,
		s.HeadingPath, s.Anchor, s.Level, s.StartLine, s.EndLine, s.Tokens, id)
	if err != nil {
		return fmt.Errorf("write section %d: %w", s.Ord, err)
	}
	return nil
}

// DeleteSection removes section id.
func DeleteSection(ctx context.Context, x store.Execer, id int64) error {
	if _, err := x.ExecContext(ctx, `DELETE FROM sections WHERE id = ?`, id); err != nil {
		return fmt.Errorf("delete section: %w", err)
	}
	return nil
}
