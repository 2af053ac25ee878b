package pageread

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// SectionContents reads the Markdown of every section of document id that
// holds lines of its body, in document order (what a stored skeleton is
// rebuilt from): not the frontmatter's section, which starts before the
// body (index.Document.BodySections).
func SectionContents(ctx context.Context, q store.Querier, id int64) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT content FROM sections WHERE document_id = ?
		AND start_line >= (SELECT body_line FROM documents WHERE id = ?) ORDER BY ord`, id, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var contents []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		contents = append(contents, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return contents, nil
}

// PageSections reads the sections of document id as a page shows them,
// in document order, appending them to sections.
func PageSections(ctx context.Context, q store.Querier, id int64, sections []answer.PageSection) ([]answer.PageSection, error) {
	rows, err := q.QueryContext(ctx, `SELECT heading, heading_path, anchor, content, start_line, end_line
		FROM sections WHERE document_id = ? ORDER BY ord`, id)
	if err != nil {
		return sections, err
	}
	defer rows.Close()
	for rows.Next() {
		var s answer.PageSection
		if err := rows.Scan(&s.Heading, &s.HeadingPath, &s.Anchor, &s.Content, &s.StartLine, &s.EndLine); err != nil {
			return sections, err
		}
		sections = append(sections, s)
	}
	return sections, rows.Err()
}

// SectionTexts reads the Markdown of the sections ids, keyed by id, in
// batches; ids that no longer exist are absent.
func SectionTexts(ctx context.Context, q store.Querier, ids []int64) (map[int64]string, error) {
	out, err := textByID(ctx, q, ids, `SELECT id, content FROM sections WHERE id IN (%s)`)
	if err != nil {
		return nil, fmt.Errorf("read sections: %w", err)
	}
	return out, nil
}
