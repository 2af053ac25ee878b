package docwrite

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/store"
)

// openIndex opens a new, migrated index in a temporary folder.
func openIndex(t testing.TB) *sql.DB {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
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
