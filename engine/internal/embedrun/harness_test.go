package embedrun

import (
	"context"
	"database/sql"
	"testing"

	"github.com/ubp-dev/ubp/engine/answer"
	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/indextest"
	"github.com/ubp-dev/ubp/engine/internal/writer"
	"github.com/ubp-dev/ubp/engine/project"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// harness is a project's index with the two steps of an indexing run that
// matter here: the writer's, then Run with the project's default provider
// (the built-in static model), as the engine runs them.
type harness struct {
	t  testing.TB
	ix *indextest.Index
	db *sql.DB
	p  embed.Provider
}

// newHarness makes root a project with an empty, migrated index and its
// docs folder at root/docs.
func newHarness(t testing.TB, root string) *harness {
	t.Helper()
	ix := indextest.Open(t, root)
	p, err := embed.New(project.DefaultConfig().Embedding, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &harness{t: t, ix: ix, db: ix.DB, p: p}
}

// run is one indexing run (the whole folder, or the given absolute paths):
// the writer's, then Run, whose count is the report's Embedded.
func (h *harness) run(ctx context.Context, paths ...string) (answer.IndexReport, error) {
	return h.ix.Run(ctx, writer.Options{AfterWrite: func(ctx context.Context, rep *answer.IndexReport, w writer.Written) error {
		var err error
		rep.Embedded, err = Run(ctx, h.db, h.p, Scope{StartGeneration: w.StartGeneration, Docs: w.Docs})
		return err
	}}, paths...)
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
	return h.ix.Count(h.t, query, args...)
}

// writeFiles and edit are fixture's.
var (
	writeFiles = fixture.WriteFiles
	edit       = fixture.Edit
)
