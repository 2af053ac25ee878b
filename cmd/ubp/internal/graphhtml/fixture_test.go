package graphhtml

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
)

// fixtureData indexes a copy of testdata/project (nine documents of every
// doc_type, every link type, a dangling target linked twice, a title with
// HTML in it), then edits one referenced source file and deletes another
// so that staleness differs between documents, and builds the page data
// of the whole graph (center "") or of the neighbourhood of center.
func fixtureData(t testing.TB, center string, depth int) Data {
	t.Helper()
	ctx := context.Background()
	root := t.TempDir()
	copyTree(t, filepath.Join("testdata", "project"), root)
	e := indexProject(t, root)
	// After indexing: Open changes (storage.md and architecture.md refer
	// to it) and the file behind http-api.md's ref is deleted.
	store := filepath.Join(root, "src", "store.go")
	if err := os.WriteFile(store, []byte("package store\n\n// Open opens the store, read-only now.\nfunc Open(path string, ro bool) error {\n\treturn nil\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(store, later, later); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "src", "http.go")); err != nil {
		t.Fatal(err)
	}
	g, err := e.GetGraph(ctx, engine.GraphOptions{Center: center, Depth: depth, Dangling: true})
	if err != nil {
		t.Fatalf("GetGraph: %v", err)
	}
	details, err := e.GraphNodeDetails(ctx, g)
	if err != nil {
		t.Fatalf("GraphNodeDetails: %v", err)
	}
	return Build(g, details, center, depth)
}

// copyTree copies the regular files under src to dst.
func copyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		return os.WriteFile(to, b, 0o644)
	})
	if err != nil {
		t.Fatalf("copy %s: %v", src, err)
	}
}

// indexProject indexes the project at root (docs in docs/, no embeddings)
// into a new index, closed when the test ends.
func indexProject(t testing.TB, root string) *engine.Engine {
	t.Helper()
	ctx := context.Background()
	cfg := engine.DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Embedding.Provider = "none"
	p, _, err := engine.InitProject(root, cfg)
	if err != nil {
		t.Fatalf("InitProject: %v", err)
	}
	e, err := engine.Open(ctx, p, engine.OpenOptions{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	if _, err := e.Index(ctx, engine.IndexOptions{}); err != nil {
		t.Fatalf("Index: %v", err)
	}
	return e
}
