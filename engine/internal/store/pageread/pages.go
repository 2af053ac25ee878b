package pageread

import (
	"context"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/index"
)

// PageOrder is the order of a page list: Sort is "title" (ignoring case
// and width, as textfold folds it: ＡＰＩ with API, ｱｲﾃﾑ with アイテム;
// then file path), "updated_at" (then file path) or anything else for the
// file path alone; Desc reverses it.
type PageOrder struct {
	Sort string
	Desc bool
}

// orderBy is the ORDER BY clause of o: fixed column names and ASC/DESC.
func (o PageOrder) orderBy() string {
	dir := "ASC"
	if o.Desc {
		dir = "DESC"
	}
	switch o.Sort {
	case "title":
		return store.FoldFunc + "(d.title) COLLATE NOCASE " + dir + ", d.filepath " + dir
	case "updated_at":
		return "d.updated_at " + dir + ", d.filepath " + dir
	default:
		return "d.filepath " + dir
	}
}

// CountPages counts the documents of type docType, every document when
// docType is "".
func CountPages(ctx context.Context, q store.Querier, docType string) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM documents WHERE ? = '' OR doc_type = ?`,
		docType, docType).Scan(&n)
	return n, err
}

// PageSummaries reads limit documents (0: no limit) of type docType
// (every type when "") from offset in order o, appending them to pages.
// LinkCount counts a page's outgoing links (dangling ones included, not
// unresolved rendered names: store.LinkCounted) and the links from other
// pages that resolve to it.
func PageSummaries(ctx context.Context, q store.Querier, docType string, o PageOrder, limit, offset int, pages []answer.PageSummary) ([]answer.PageSummary, error) {
	if limit == 0 {
		limit = -1 // SQLite: no limit
	}
	//nolint:gosec // orderBy is fixed column names and ASC/DESC; values are bound
	rows, err := q.QueryContext(ctx, `SELECT d.doc_id, d.filepath, d.title, d.doc_type, d.updated_at,
			(SELECT count(*) FROM links l WHERE l.source_id = d.id AND `+store.LinkCounted+`) +
			(SELECT count(*) FROM links l WHERE l.target_id = d.id AND l.source_id <> d.id)
			FROM documents d WHERE ? = '' OR d.doc_type = ?
			ORDER BY `+o.orderBy()+` LIMIT ? OFFSET ?`, docType, docType, limit, offset)
	if err != nil {
		return pages, err
	}
	defer rows.Close()
	for rows.Next() {
		var p answer.PageSummary
		var dt string
		if err := rows.Scan(&p.DocID, &p.Filepath, &p.Title, &dt, &p.UpdatedAt, &p.LinkCount); err != nil {
			return pages, err
		}
		p.DocType = index.DocType(dt)
		pages = append(pages, p)
	}
	return pages, rows.Err()
}
