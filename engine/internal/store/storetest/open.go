// Package storetest is test support for the storage layer and the packages
// above it: a new, migrated index opened on the writing pool, closed when
// the test ends, and a probe of the live heap a read holds (HeapProbe).
// It is imported by _test.go files only.
package storetest

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// Open opens the index at path (created when missing) on a writing pool,
// migrated to the latest schema; the pool closes when the test ends.
func Open(t testing.TB, path string) *sql.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.OpenPool(ctx, path, true, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := store.Migrate(ctx, db, path); err != nil {
		t.Fatal(err)
	}
	return db
}

// QueryPlan returns the details of EXPLAIN QUERY PLAN for query, one per
// step.
func QueryPlan(t testing.TB, db *sql.DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return plan
}
