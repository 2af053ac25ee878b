package reader

import (
	"context"

	"github.com/ubp-dev/ubp/engine/internal/docbody"
	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Body reads the Markdown body of document id (see package docbody).
func Body(ctx context.Context, q store.Querier, id int64) (string, error) {
	var (
		stored string
		kind   int
	)
	if err := q.QueryRowContext(ctx, `SELECT body, body_kind FROM documents WHERE id = ?`, id).Scan(&stored, &kind); err != nil {
		return "", err
	}
	if kind != docbody.KindSkeleton {
		return stored, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT content FROM sections WHERE document_id = ? ORDER BY ord`, id)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var contents []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return "", err
		}
		contents = append(contents, c)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return docbody.Rebuild(stored, contents)
}
