package linkwalk

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/index"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// indexCorpus indexes a copy of one of the shared corpora (see package
// fixture) with the index writer, and returns the index's read pool.
func indexCorpus(t testing.TB, name string) *sql.DB {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, name), root, time.Time{})
	if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(root, ".ubp", "index.db")
	db, err := store.OpenPool(ctx, path, true, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := store.Migrate(ctx, db, path); err != nil {
		t.Fatal(err)
	}
	_, err = writer.New(db).Run(ctx, writer.Project{
		Root:        root,
		DocsDir:     filepath.Join(root, "docs"),
		LockPath:    filepath.Join(root, ".ubp", "index.lock"),
		Include:     []string{},
		Exclude:     []string{},
		MaxFileSize: index.DefaultMaxFileSize,
	}, writer.Options{})
	if err != nil {
		t.Fatalf("index: %v", err)
	}
	rdb, err := store.OpenPool(ctx, path, false, true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}
