package pageread

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/index"
)

// LineLink is a resolved link between two documents: the other document,
// the link's type and, for a link to a heading (page#Heading), that
// heading as written.
type LineLink struct {
	Other   int64
	Type    index.LinkType
	Heading string
}

// OutlinksOnLines reads the resolved links of document id written on lines
// from to to of its file that lead to another document, by line.
func OutlinksOnLines(ctx context.Context, q store.Querier, id int64, from, to int) ([]LineLink, error) {
	return lineLinks(ctx, q, `SELECT target_id, link_type, target_heading FROM links
		WHERE source_id = ? AND line BETWEEN ? AND ? AND target_id IS NOT NULL AND target_id <> source_id
		ORDER BY line, id`, id, from, to)
}

// HeadingBacklinks reads the links from other documents to a heading of
// document id (page#Heading), with that heading.
func HeadingBacklinks(ctx context.Context, q store.Querier, id int64) ([]LineLink, error) {
	return lineLinks(ctx, q, `SELECT source_id, link_type, target_heading FROM links
		WHERE target_id = ? AND source_id <> target_id AND target_heading <> '' ORDER BY id`, id)
}

func lineLinks(ctx context.Context, q store.Querier, query string, args ...any) ([]LineLink, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	defer rows.Close()
	var out []LineLink
	for rows.Next() {
		var l LineLink
		var lt string
		if err := rows.Scan(&l.Other, &lt, &l.Heading); err != nil {
			return nil, fmt.Errorf("read links: %w", err)
		}
		l.Type = index.LinkType(lt)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read links: %w", err)
	}
	return out, nil
}
