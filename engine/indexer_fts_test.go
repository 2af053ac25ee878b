package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/scalecorpus"
)

// ftsCheck fails the test unless the full-text index matches the sections
// table exactly (FTS5's integrity check), its triggers are in place and no
// deferral is pending.
func ftsCheck(t *testing.T, e *Engine) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.db.ExecContext(ctx, `INSERT INTO sections_fts(sections_fts, rank) VALUES ('integrity-check', 1)`); err != nil {
		t.Fatalf("full-text index does not match the sections: %v", err)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ('sections_fts_ai', 'sections_fts_ad', 'sections_fts_au')`); n != 3 {
		t.Fatalf("%d of the 3 full-text triggers are in place", n)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM meta WHERE key = ?`, metaFTSDeferred); n != 0 {
		t.Fatal("a full-text deferral is still recorded")
	}
	// A rebuild merges with a higher automerge; later updates get the
	// default back.
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts_config WHERE k = 'automerge' AND v <> ?`, ftsAutomerge); n != 0 {
		t.Fatalf("automerge left at another value than %d", ftsAutomerge)
	}
}

// TestFirstBuildDefersFTS: a first build of many documents fills the
// full-text index in one rebuild; the result equals row-by-row indexing,
// and later edits go through the restored triggers.
func TestFirstBuildDefersFTS(t *testing.T) {
	root := t.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: ftsDeferMinDocs + 20, Seed: 5})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	e := coreProject(t, root, "docs")
	if rep := coreIndex(t, e, false); rep.Added != len(c.Docs) {
		t.Fatalf("added %d, want %d", rep.Added, len(c.Docs))
	}
	ftsCheck(t, e)
	sections := coreCount(t, e, `SELECT count(*) FROM sections`)
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH 'the'`); n == 0 || sections == 0 {
		t.Fatalf("%d sections, %d with 'the' in the full-text index", sections, n)
	}
	// An edit after the build is indexed through the triggers.
	path := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[3].Path))
	coreEdit(t, path, c.Docs[3].Text+"\nA note on zqvkdeferred words.\n")
	if _, err := e.IndexPaths(context.Background(), []string{path}); err != nil {
		t.Fatal(err)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sections_fts WHERE sections_fts MATCH 'zqvkdeferred'`); n != 1 {
		t.Errorf("edited section found %d times, want 1", n)
	}
	ftsCheck(t, e)
	// A small first build keeps the triggers all along.
	small := coreProject(t, t.TempDir(), "docs")
	coreWriteFiles(t, small.Project().Root, map[string]string{"docs/a.md": "# A\n\nalpha words\n"})
	coreIndex(t, small, false)
	ftsCheck(t, small)
}

// TestInterruptedFirstBuildRestoresFTS: a first build stopped half-way
// leaves the deferral recorded; the next run restores the triggers and the
// index before anything else.
func TestInterruptedFirstBuildRestoresFTS(t *testing.T) {
	root := t.TempDir()
	c := scalecorpus.Generate(scalecorpus.Options{Docs: ftsDeferMinDocs + 50, Seed: 6})
	if err := c.Write(root); err != nil {
		t.Fatal(err)
	}
	e := coreProject(t, root, "docs")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err := e.Index(ctx, IndexOptions{Progress: func(done, total int) {
		if done == total/2 {
			cancel()
		}
	}})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("Index cancelled half-way: %v, want an error", err)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM meta WHERE key = ?`, metaFTSDeferred); n != 1 {
		t.Fatalf("deferral recorded %d times after the interruption, want 1", n)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'sections_fts_%'`); n != 0 {
		t.Fatalf("%d full-text triggers during the deferral, want 0", n)
	}
	// The next run (here one for a single file) restores everything.
	first := filepath.Join(root, "docs", filepath.FromSlash(c.Docs[0].Path))
	if _, err := e.IndexPaths(context.Background(), []string{first}); err != nil {
		t.Fatal(err)
	}
	ftsCheck(t, e)
	coreIndex(t, e, false)
	ftsCheck(t, e)
	if n := coreCount(t, e, `SELECT count(*) FROM documents`); n != len(c.Docs) {
		t.Errorf("%d documents, want %d", n, len(c.Docs))
	}
}

func TestFTSTriggersFound(t *testing.T) {
	e := coreProject(t, t.TempDir(), "docs")
	f, err := ftsTriggers(context.Background(), e.db)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(f.Tables, ",") != "sections_fts" || strings.Join(f.names, ",") != "sections_fts_ad,sections_fts_ai,sections_fts_au" {
		t.Errorf("tables %v, triggers %v", f.Tables, f.names)
	}
	for _, stmt := range f.Triggers {
		if !strings.HasPrefix(stmt, "CREATE TRIGGER") {
			t.Errorf("trigger SQL %q", stmt)
		}
	}
}
