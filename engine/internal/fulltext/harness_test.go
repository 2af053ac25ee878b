package fulltext

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

// testIndex is an index built as an indexing run of the engine builds it,
// less the embeddings: the writer's run over a docs folder, then the
// short-term postings (FillUnits).
type testIndex struct {
	path string  // the database file
	db   *sql.DB // the writing pool
	rdb  *sql.DB // the read pool
}

// indexFiles indexes files (path under the docs folder → content) in a new
// project.
func indexFiles(t testing.TB, files map[string]string) *testIndex {
	t.Helper()
	root := t.TempDir()
	for rel, content := range files {
		p := filepath.Join(root, "docs", filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return indexRoot(t, root)
}

// indexCorpus indexes a copy of one of the shared corpora (see package
// fixture).
func indexCorpus(t testing.TB, name string) *testIndex {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, name), root, time.Time{})
	return indexRoot(t, root)
}

// indexRoot indexes root/docs into root/.ubp/index.db.
func indexRoot(t testing.TB, root string) *testIndex {
	t.Helper()
	ctx := context.Background()
	if err := os.MkdirAll(filepath.Join(root, ".ubp"), 0o755); err != nil {
		t.Fatal(err)
	}
	ix := &testIndex{path: filepath.Join(root, ".ubp", "index.db")}
	var err error
	if ix.db, err = store.OpenPool(ctx, ix.path, true, false); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.db.Close() })
	if _, err := store.Migrate(ctx, ix.db, ix.path); err != nil {
		t.Fatal(err)
	}
	if ix.rdb, err = store.OpenPool(ctx, ix.path, false, true); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.rdb.Close() })
	_, err = writer.New(ix.db).Run(ctx, writer.Project{
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
	if _, err := FillUnits(ctx, ix.db); err != nil {
		t.Fatalf("fill the short-term postings: %v", err)
	}
	return ix
}

// readTx runs fn in one read transaction and fails the test on error.
func (ix *testIndex) readTx(t testing.TB, fn func(tx *sql.Tx) error) {
	t.Helper()
	if err := store.ReadTx(context.Background(), ix.rdb, fn); err != nil {
		t.Fatal(err)
	}
}
