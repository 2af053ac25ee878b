package graphhtml

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/ubp-dev/ubp/engine"
)

// repoRoot is the root of the ubp repository, from this package's folder.
var repoRoot = filepath.Join("..", "..", "..", "..")

// TestBrowserOwnDocs draws the graph of ubp's own docs/ (indexed from a
// copy of the repository, so nothing is written into it) in headless
// Chromium: every node and edge drawn, no console error, no request. With
// -update it also writes the screenshot docs/graph-view.md shows
// (docs/graph-view.png; `make graph-screenshot`).
func TestBrowserOwnDocs(t *testing.T) {
	ctx := context.Background()
	root := t.TempDir()
	copyRepo(t, repoRoot, root)
	e := indexProject(t, root)
	g, err := e.GetGraph(ctx, engine.GraphOptions{Dangling: true})
	if err != nil {
		t.Fatal(err)
	}
	details, err := e.GraphNodeDetails(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	d := Build(g, details, "", 0)
	if len(d.Nodes) < 5 || len(d.Edges) < 5 {
		t.Fatalf("ubp's docs give %d nodes and %d edges: expected a real graph", len(d.Nodes), len(d.Edges))
	}
	b := openPage(t, writePage(t, d, "ubp graph"))
	if got := bodyInt(t, b, "nodes"); got != len(d.Nodes) {
		t.Errorf("%d nodes drawn, want %d", got, len(d.Nodes))
	}
	if got := bodyInt(t, b, "edges"); got != len(d.Edges) {
		t.Errorf("%d edges drawn, want %d", got, len(d.Edges))
	}
	// Show one document's details, as a reader would.
	b.eval(`document.getElementById("search").focus(), true`, nil)
	b.typeText("architecture", true)
	b.waitFor("the details of Architecture", `document.getElementById("details").dataset.nodeId !== ""`)
	b.eval(`document.getElementById("fit").click(), true`, nil)
	shot := filepath.Join(screenshotDir(t), "ubp-docs.png")
	b.screenshot(shot)
	t.Logf("screenshot: %s", shot)
	if *update {
		b.screenshot(filepath.Join(repoRoot, "docs", "graph-view.png"))
	}
	noProblems(t, b)
}

// copyRepo copies the repository's files (not .git, build output, indexes
// or dependencies; no file over 1 MB, which no doc refers to) so that
// docs/ and the source files its source_refs name are where they were.
func copyRepo(t testing.TB, src, dst string) {
	t.Helper()
	skip := map[string]bool{".git": true, "bin": true, ".ubp": true, "node_modules": true}
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != src && skip[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > 1<<20 {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatalf("copy the repository: %v", err)
	}
}
