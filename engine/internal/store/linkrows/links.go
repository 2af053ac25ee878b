package linkrows

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/sqlbatch"
	"github.com/ubp-dev/ubp/index"
)

// Link is one resolved link, as stored.
type Link struct {
	ID     int64
	Source int64
	Target int64
	Type   index.LinkType
}

// LinksFrom calls fn with every resolved link whose source is one of ids.
func LinksFrom(ctx context.Context, q store.Querier, ids []int64, fn func(Link) error) error {
	return each(ctx, q, ids, `SELECT id, source_id, target_id, link_type FROM links WHERE source_id IN (%s) AND target_id IS NOT NULL`, fn)
}

// LinksTo calls fn with every link whose target is one of ids.
func LinksTo(ctx context.Context, q store.Querier, ids []int64, fn func(Link) error) error {
	return each(ctx, q, ids, `SELECT id, source_id, target_id, link_type FROM links WHERE target_id IN (%s)`, fn)
}

// each runs query (id, source_id, target_id, link_type of the links
// whose ids are in %s) over ids in batches and calls fn with every row.
func each(ctx context.Context, q store.Querier, ids []int64, query string, fn func(Link) error) error {
	err := sqlbatch.QueryIDs(ctx, q, ids, query, func(rows *sql.Rows) error {
		var l Link
		var lt string
		if err := rows.Scan(&l.ID, &l.Source, &l.Target, &lt); err != nil {
			return err
		}
		l.Type = index.LinkType(lt)
		return fn(l)
	})
	if err != nil {
		return fmt.Errorf("read links: %w", err)
	}
	return nil
}
