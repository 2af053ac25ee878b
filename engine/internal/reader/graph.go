package reader

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/graph"
	"github.com/ubp-dev/ubp/index"
)

// LinkGraph reads the whole document graph: every document as a node,
// every resolved link as a typed edge.
func LinkGraph(ctx context.Context, q store.Querier) (*graph.Graph, error) {
	g := graph.New()
	rows, err := q.QueryContext(ctx, `SELECT id FROM documents`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return nil, err
		}
		g.AddNode(id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.QueryContext(ctx, `SELECT source_id, target_id, link_type FROM links
		WHERE target_id IS NOT NULL ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var from, to int64
		var lt string
		if err := rows.Scan(&from, &to, &lt); err != nil {
			return nil, err
		}
		g.AddEdge(from, to, index.LinkType(lt))
	}
	return g, rows.Err()
}

// DanglingLink is a link whose target resolves to no document.
type DanglingLink struct {
	Source int64  // the linking document
	Target string // the target as written
	Type   index.LinkType
}

// DanglingLinks reads the distinct dangling links of every document.
func DanglingLinks(ctx context.Context, q store.Querier) ([]DanglingLink, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT source_id, target_text, link_type FROM links WHERE target_id IS NULL`)
	if err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	defer rows.Close()
	var out []DanglingLink
	for rows.Next() {
		var l DanglingLink
		var lt string
		if err := rows.Scan(&l.Source, &l.Target, &lt); err != nil {
			return nil, fmt.Errorf("read dangling links: %w", err)
		}
		l.Type, _ = index.ParseLinkType(lt)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read dangling links: %w", err)
	}
	return out, nil
}

// DocumentPage reads how many documents the index holds and the ids of
// limit of them from offset, in file path order: one ordered read of a
// page, not a walk over every document.
func DocumentPage(ctx context.Context, q store.Querier, limit, offset int) (total int, ids []int64, err error) {
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM documents`).Scan(&total); err != nil {
		return 0, nil, fmt.Errorf("count documents: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT id FROM documents ORDER BY filepath, doc_id LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return 0, nil, fmt.Errorf("read documents: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, nil, err
		}
		ids = append(ids, id)
	}
	return total, ids, rows.Err()
}
