package engine

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/ubp-dev/ubp/engine/internal/docbody"
	"github.com/ubp-dev/ubp/engine/internal/docbody/docbodytest"
	"github.com/ubp-dev/ubp/engine/internal/reader"
)

// bodyCases are the documents whose bodies the stored skeleton must give
// back byte for byte (shared with the other package's test).
var bodyCases = docbodytest.Cases

// pageOutputs is what get_page and get_context answer for every document,
// as JSON.
func pageOutputs(t *testing.T, e *Engine) map[string]string {
	t.Helper()
	ctx := context.Background()
	rows, err := e.db.QueryContext(ctx, `SELECT filepath FROM documents ORDER BY filepath`)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	rows.Close()
	out := map[string]string{}
	for _, p := range paths {
		page, err := e.GetPage(ctx, p)
		if err != nil {
			t.Fatalf("GetPage %s: %v", p, err)
		}
		c, err := e.GetContext(ctx, ContextOptions{Page: p})
		if err != nil {
			t.Fatalf("GetContext %s: %v", p, err)
		}
		if page.Content == "" {
			// An empty body has no line of its own to be found by: the
			// schema before migration 0017 did not keep where it starts,
			// and Page.BodyLine cannot derive it until the re-index that
			// migration demands.
			c.Center.StartLine, c.Center.EndLine, c.Center.TotalLines = 0, 0, 0
		}
		b, err := json.Marshal([]any{page, c})
		if err != nil {
			t.Fatal(err)
		}
		out[p] = string(b)
	}
	return out
}

// TestMigrationToSkeletonBodiesKeepsPages takes an index back to the
// schema before migration 0009 (whole bodies, no body_kind, the hubness
// tables), opens it (which migrates it) and checks that get_page and
// get_context answer exactly as before, then again once a full index run
// has rewritten every body as a skeleton.
func TestMigrationToSkeletonBodiesKeepsPages(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	files := map[string]string{}
	for _, c := range bodyCases {
		files["docs/"+c.Path] = c.Src
	}
	files["docs/links.md"] = "# Links\n\nSee [[a]], [[b]] and [[h]].\n\n## More\n\nAnd [c](c.md).\n"
	coreWriteFiles(t, root, files)
	cfg := DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatal(err)
	}
	e, err := Open(ctx, p, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	coreIndex(t, e, false)
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE body_kind = ?`, docbody.KindSkeleton); n != 7 {
		t.Errorf("%d documents stored as skeletons, want 7", n)
	}
	want := pageOutputs(t, e)

	// Back to schema 8: whole bodies, no body_kind column, hubness tables.
	var bodies [][2]any
	rows, err := e.db.QueryContext(ctx, `SELECT id FROM documents`)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	for _, id := range ids {
		b, err := reader.Body(ctx, e.db, id)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, [2]any{b, id})
	}
	for _, b := range bodies {
		if _, err := e.db.ExecContext(ctx, `UPDATE documents SET body = ? WHERE id = ?`, b[0], b[1]); err != nil {
			t.Fatal(err)
		}
	}
	undo := append(undoAfter(t, 9), // and without what 0010 and later add
		`ALTER TABLE documents DROP COLUMN body_kind`,
		`CREATE TABLE section_hubness (section_id INTEGER PRIMARY KEY REFERENCES sections(id) ON DELETE CASCADE, bias REAL NOT NULL)`,
		`CREATE TABLE vector_hubness_state (id INTEGER PRIMARY KEY CHECK (id = 1), model TEXT NOT NULL, fingerprint TEXT NOT NULL)`,
		`CREATE INDEX section_embeddings_model ON section_embeddings(model)`,
		`UPDATE meta SET value = '8' WHERE key = 'schema_version'`,
	)
	for _, stmt := range undo {
		if _, err := e.db.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}

	e2 := coreOpen(t, p)
	if n := coreCount(t, e2, `SELECT count(*) FROM documents WHERE body_kind = ?`, docbody.KindWhole); n != len(ids) {
		t.Errorf("after migration %d whole bodies, want %d", n, len(ids))
	}
	if n := coreCount(t, e2, `SELECT count(*) FROM sqlite_master WHERE name IN ('section_hubness', 'vector_hubness_state', 'section_embeddings_model')`); n != 0 {
		t.Errorf("%d hubness tables or model index left after migration", n)
	}
	comparePages(t, "after migration", pageOutputs(t, e2), want)
	coreIndex(t, e2, true)
	if n := coreCount(t, e2, `SELECT count(*) FROM documents WHERE body_kind = ?`, docbody.KindSkeleton); n != 7 {
		t.Errorf("after a full run %d skeletons, want 7", n)
	}
	comparePages(t, "after a full run", pageOutputs(t, e2), want)
}

func comparePages(t *testing.T, when string, got, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d pages, want %d", when, len(got), len(want))
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%s: %s differs:\n got %s\nwant %s", when, p, got[p], w)
		}
	}
}
