package writer

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/internal/store/storetest"
	"github.com/ubp-dev/ubp/index"
)

// harness is a project's index and its writer without the rest of the
// engine: a migrated database in root/.ubp, documents in root/docs, and
// runs that write documents and resolve links (no short-term postings, no
// embeddings: those are the engine's, after the writer).
type harness struct {
	t  testing.TB
	w  *Writer
	db *sql.DB
	p  Project
}

// newHarness makes root a project with an empty, migrated index.
func newHarness(t testing.TB, root string) *harness {
	t.Helper()
	docs := filepath.Join(root, "docs")
	for _, dir := range []string{docs, filepath.Join(root, ".ubp")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	db := storetest.Open(t, filepath.Join(root, ".ubp", "index.db"))
	return &harness{t: t, w: New(db), db: db, p: Project{
		Root:        root,
		DocsDir:     docs,
		LockPath:    filepath.Join(root, ".ubp", "index.lock"),
		Include:     []string{},
		Exclude:     []string{},
		MaxFileSize: index.DefaultMaxFileSize,
	}}
}

// index runs the writer over the whole docs folder and fails the test on
// error.
func (h *harness) index(o Options) answer.IndexReport {
	h.t.Helper()
	rep, err := h.w.Run(context.Background(), h.p, o)
	if err != nil {
		h.t.Fatalf("Run: %v", err)
	}
	return rep
}

// indexPaths runs the writer over the given absolute paths, as the
// engine's IndexPaths does.
func (h *harness) indexPaths(o Options, paths ...string) (answer.IndexReport, error) {
	sc, all, err := ScopeFor(h.p.DocsDir, paths)
	if err != nil {
		return EmptyReport(), err
	}
	if !all {
		o.Scope = sc
	}
	return h.w.Run(context.Background(), h.p, o)
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
