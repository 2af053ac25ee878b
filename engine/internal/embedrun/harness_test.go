package embedrun

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/engine/project"
	"github.com/ubp-dev/ubp/index"
)

// harness is a project's index with the two steps of an indexing run that
// matter here: the writer's, then Run with the project's default provider
// (the built-in static model), as the engine runs them.
type harness struct {
	t  testing.TB
	db *sql.DB
	w  *writer.Writer
	wp writer.Project
	p  embed.Provider
}

// newHarness makes root a project with an empty, migrated index and its
// docs folder at root/docs.
func newHarness(t testing.TB, root string) *harness {
	t.Helper()
	ctx := context.Background()
	for _, dir := range []string{filepath.Join(root, "docs"), filepath.Join(root, ".ubp")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
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
	p, err := embed.New(project.DefaultConfig().Embedding)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, db: db, w: writer.New(db), p: p, wp: writer.Project{
		Root:        root,
		DocsDir:     filepath.Join(root, "docs"),
		LockPath:    filepath.Join(root, ".ubp", "index.lock"),
		Include:     []string{},
		Exclude:     []string{},
		MaxFileSize: index.DefaultMaxFileSize,
	}}
}

// run is one indexing run (the whole folder, or the given absolute paths):
// the writer's, then Run, whose count is the report's Embedded.
func (h *harness) run(ctx context.Context, paths ...string) (answer.IndexReport, error) {
	o := writer.Options{AfterWrite: func(ctx context.Context, rep *answer.IndexReport, w writer.Written) error {
		var err error
		rep.Embedded, err = Run(ctx, h.db, h.p, Scope{StartGeneration: w.StartGeneration, Docs: w.Docs})
		return err
	}}
	if len(paths) > 0 {
		sc, all, err := writer.ScopeFor(h.wp.DocsDir, paths)
		if err != nil {
			return writer.EmptyReport(), err
		}
		if !all {
			o.Scope = sc
		}
	}
	return h.w.Run(ctx, h.wp, o)
}

// index runs over the whole docs folder and fails the test on error.
func (h *harness) index() answer.IndexReport {
	h.t.Helper()
	rep, err := h.run(context.Background())
	if err != nil {
		h.t.Fatalf("index: %v", err)
	}
	return rep
}

// count runs a count query.
func (h *harness) count(query string, args ...any) int {
	h.t.Helper()
	var n int
	if err := h.db.QueryRow(query, args...).Scan(&n); err != nil {
		h.t.Fatalf("%s: %v", strings.TrimSpace(query), err)
	}
	return n
}

// writeFiles writes files (path relative to dir → content), creating
// folders as needed.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// edit rewrites a file and moves its modification time clearly forward,
// so size and time comparison sees a change even on file systems with
// coarse timestamps.
func edit(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	later := st.ModTime().Add(2 * time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}
