package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// Test helpers of the engine core. Names start with "core" so that the
// test files of other engine parts can use them without clashes.

// coreWriteFiles writes files (path relative to root → content), creating
// folders as needed.
func coreWriteFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	fixture.WriteFiles(t, root, files)
}

// coreProject initialises a project at root with the given docs folder
// (created if missing) and opens its engine; the engine is closed when the
// test ends.
func coreProject(t testing.TB, root, docsDir string) *Engine {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, docsDir), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.DocsDir = docsDir
	p, _, err := InitProject(root, cfg)
	if err != nil {
		t.Fatalf("InitProject: %v", err)
	}
	return coreOpen(t, p)
}

// coreOpen opens an engine on p, closed when the test ends.
func coreOpen(t testing.TB, p *Project) *Engine {
	t.Helper()
	e, err := Open(context.Background(), p, OpenOptions{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := e.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return e
}

// coreIndex runs Index and fails the test on error.
func coreIndex(t testing.TB, e *Engine, full bool) IndexReport {
	t.Helper()
	rep, err := e.Index(context.Background(), IndexOptions{Full: full})
	if err != nil {
		t.Fatalf("Index: %v", err)
	}
	return rep
}

// coreTouchLater sets a file's modification time to a moment clearly after
// its current one, so size+mtime comparison sees a change even on file
// systems with coarse timestamps.
func coreTouchLater(t testing.TB, path string) {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	later := st.ModTime().Add(2 * time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
}

// coreEdit rewrites a file and moves its modification time forward.
func coreEdit(t testing.TB, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	coreTouchLater(t, path)
}

// coreDangling lists the dangling links as "source -> target".
func coreDangling(t testing.TB, e *Engine) []string {
	t.Helper()
	rows, err := e.db.Query(`SELECT d.filepath, l.target_text FROM links l JOIN documents d ON d.id = l.source_id
		WHERE l.target_id IS NULL ORDER BY d.filepath, l.line`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var from, to string
		if err := rows.Scan(&from, &to); err != nil {
			t.Fatal(err)
		}
		out = append(out, from+" -> "+to)
	}
	return out
}

// coreCount runs a count query.
func coreCount(t testing.TB, e *Engine, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", strings.TrimSpace(query), err)
	}
	return n
}
