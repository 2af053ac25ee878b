package reader

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/index"
)

// Page reads the whole of document id but its staleness: row, body,
// sections, outlinks and backlinks, in one read transaction. ref is how
// the caller named it, for errors: a document deleted meanwhile gives a
// *answer.NotFoundError.
func (r *Reader) Page(ctx context.Context, id int64, ref string) (answer.Page, error) {
	p := answer.Page{Sections: []answer.PageSection{}, Outlinks: []answer.PageLink{}, Backlinks: []answer.PageLink{}}
	err := store.ReadTx(ctx, r.rdb, func(tx *sql.Tx) error {
		var dt string
		err := tx.QueryRowContext(ctx, `SELECT doc_id, filepath, title, doc_type, updated_at
			FROM documents WHERE id = ?`, id).Scan(&p.DocID, &p.Filepath, &p.Title, &dt, &p.UpdatedAt)
		if err != nil {
			return err
		}
		if p.Content, err = Body(ctx, tx, id); err != nil {
			return err
		}
		p.DocType = index.DocType(dt)
		if err := readSections(ctx, tx, id, &p); err != nil {
			return err
		}
		if p.Outlinks, err = readPageLinks(ctx, tx, `SELECT t.doc_id, t.filepath, t.title, l.link_type,
			l.target_id IS NOT NULL, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l LEFT JOIN documents t ON t.id = l.target_id
			WHERE l.source_id = ? ORDER BY l.line, l.id`, id); err != nil {
			return err
		}
		p.Backlinks, err = readPageLinks(ctx, tx, `SELECT s.doc_id, s.filepath, s.title, l.link_type,
			1, l.ambiguous, l.target_text, l.target_heading, l.line
			FROM links l JOIN documents s ON s.id = l.source_id
			WHERE l.target_id = ? AND l.source_id <> l.target_id ORDER BY s.filepath, l.line, l.id`, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return answer.Page{}, &answer.NotFoundError{Query: ref, Suggestions: []string{}} // deleted meanwhile
	}
	if err != nil {
		return answer.Page{}, fmt.Errorf("get page %s: %w", ref, err)
	}
	return p, nil
}

func readSections(ctx context.Context, tx *sql.Tx, id int64, p *answer.Page) error {
	rows, err := tx.QueryContext(ctx, `SELECT heading, heading_path, anchor, content, start_line, end_line
		FROM sections WHERE document_id = ? ORDER BY ord`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s answer.PageSection
		if err := rows.Scan(&s.Heading, &s.HeadingPath, &s.Anchor, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return err
		}
		p.Sections = append(p.Sections, s)
	}
	return rows.Err()
}

func readPageLinks(ctx context.Context, tx *sql.Tx, query string, id int64) ([]answer.PageLink, error) {
	rows, err := tx.QueryContext(ctx, query, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []answer.PageLink{}
	for rows.Next() {
		var l answer.PageLink
		var docID, fp, title sql.NullString
		var lt string
		if err := rows.Scan(&docID, &fp, &title, &lt, &l.Resolved, &l.Ambiguous, &l.Target, &l.TargetHeading, &l.Line); err != nil {
			return nil, err
		}
		l.DocID, l.Filepath, l.Title = docID.String, fp.String, title.String
		l.LinkType = index.LinkType(lt)
		out = append(out, l)
	}
	return out, rows.Err()
}
