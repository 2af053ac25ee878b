package indextest

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/index"
)

// Index is a project's index without the rest of the engine: its database
// file, the writing and the read pool, and the writer with the project it
// writes.
type Index struct {
	Path    string  // root/.ubp/index.db
	DB      *sql.DB // the writing pool
	RDB     *sql.DB // the read pool
	Writer  *writer.Writer
	Project writer.Project
}

// Open makes root a project with an empty, migrated index and a docs
// folder at root/docs; the pools close when the test ends.
func Open(t testing.TB, root string) *Index {
	t.Helper()
	ctx := context.Background()
	docs := filepath.Join(root, "docs")
	for _, dir := range []string{docs, filepath.Join(root, ".ubp")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	ix := &Index{Path: filepath.Join(root, ".ubp", "index.db")}
	ix.DB = storetest.Open(t, ix.Path)
	var err error
	if ix.RDB, err = store.OpenPool(ctx, ix.Path, false, true); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.RDB.Close() })
	ix.Writer = writer.New(ix.DB)
	ix.Project = writer.Project{
		Root:        root,
		DocsDir:     docs,
		LockPath:    filepath.Join(root, ".ubp", "index.lock"),
		Include:     []string{},
		Exclude:     []string{},
		MaxFileSize: index.DefaultMaxFileSize,
	}
	return ix
}

// Run is one run of the writer: over the whole docs folder, or over the
// given absolute paths as the engine's IndexPaths scopes it.
func (ix *Index) Run(ctx context.Context, o writer.Options, paths ...string) (answer.IndexReport, error) {
	if len(paths) > 0 {
		sc, all, err := writer.ScopeFor(ix.Project.DocsDir, paths)
		if err != nil {
			return writer.EmptyReport(), err
		}
		if !all {
			o.Scope = sc
		}
	}
	return ix.Writer.Run(ctx, ix.Project, o)
}

// Build opens root (Open) and indexes its whole docs folder once.
func Build(t testing.TB, root string) *Index {
	t.Helper()
	ix := Open(t, root)
	if _, err := ix.Run(context.Background(), writer.Options{}); err != nil {
		t.Fatalf("index %s: %v", root, err)
	}
	return ix
}

// Count runs a count query on the writing pool.
func (ix *Index) Count(t testing.TB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := ix.DB.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", strings.TrimSpace(query), err)
	}
	return n
}

// DocIDs maps each indexed document's path (relative to the docs folder)
// to its row id.
func (ix *Index) DocIDs(t testing.TB) map[string]int64 {
	t.Helper()
	refs, err := store.LoadDocRefs(context.Background(), ix.RDB, `SELECT `+store.DocRefColumns+` FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	ids := make(map[string]int64, len(refs))
	for _, d := range refs {
		ids[d.Path] = d.ID
	}
	return ids
}
