package docwrite

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// buildDeferredIndexes are the secondary indexes of links that serve reads
// after a build (backlinks by target, dangling and ambiguous counts,
// re-resolution by key) but that no write of a first build reads. A first
// build drops them with its triggers and creates them again once its links
// are resolved: SQLite then sorts each index once instead of updating
// every one of them for every link twice, when it is inserted and when its
// target is written. links_source stays, since writing a document looks up
// its links by their source.
var buildDeferredIndexes = []string{"links_target", "links_dangling", "links_name_key", "links_text_key", "links_ambiguous"}

// DeferrableIndexes reads the names and CREATE INDEX statements (as stored
// by SQLite) of the buildDeferredIndexes the index has.
func DeferrableIndexes(ctx context.Context, q store.Querier) (names, stmts []string, err error) {
	rows, err := q.QueryContext(ctx, `SELECT name, sql FROM sqlite_master
		WHERE type = 'index' AND tbl_name = 'links' AND sql IS NOT NULL ORDER BY name`)
	if err != nil {
		return nil, nil, fmt.Errorf("read schema: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, stmt string
		if err := rows.Scan(&name, &stmt); err != nil {
			return nil, nil, fmt.Errorf("read schema: %w", err)
		}
		if slices.Contains(buildDeferredIndexes, name) {
			names, stmts = append(names, name), append(stmts, stmt)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read schema: %w", err)
	}
	return names, stmts, nil
}

// DropIndex drops index name.
func DropIndex(ctx context.Context, x store.Execer, name string) error {
	if _, err := x.ExecContext(ctx, `DROP INDEX `+quoteIdent(name)); err != nil {
		return fmt.Errorf("drop index %s: %w", name, err)
	}
	return nil
}

// CreateIndex creates an index again from stmt, its CREATE INDEX statement
// as DeferrableIndexes read it.
func CreateIndex(ctx context.Context, x store.Execer, stmt string) error {
	if !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(stmt)), "CREATE INDEX") {
		return fmt.Errorf("create index: %q is not a CREATE INDEX statement", stmt)
	}
	if _, err := x.ExecContext(ctx, stmt); err != nil {
		return fmt.Errorf("create index: %w", err)
	}
	return nil
}
