package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestGetGraphHTML writes the HTML view with --output and to stdout: one
// page holding the graph data (documents, the dangling target, links);
// a bad --output path or --format is a clear error.
func TestGetGraphHTML(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"docs/a.md": "---\ntitle: Alpha\ndoc_type: spec\ntags: [x]\n---\n# Alpha\n\nSee [[Beta|depends_on]] and [[Nowhere]].\n",
		"docs/b.md": "---\ntitle: Beta\n---\n# Beta\n\nBack to [[Alpha]].\n",
	}
	for name, body := range files {
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: %d %s", code, stderr)
	}
	dataRE := regexp.MustCompile(`<script type="application/json" id="ubp-graph-data">(.*)</script>`)
	graphOf := func(t *testing.T, page string) (nodes, edges int) {
		t.Helper()
		m := dataRE.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("no graph data in the page (%d bytes)", len(page))
		}
		var d struct {
			Nodes []json.RawMessage `json:"nodes"`
			Edges []json.RawMessage `json:"edges"`
		}
		if err := json.Unmarshal([]byte(m[1]), &d); err != nil {
			t.Fatalf("graph data: %v", err)
		}
		return len(d.Nodes), len(d.Edges)
	}

	t.Run("--output", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "graph.html")
		code, stdout, stderr := runCLI(t, root, "get-graph", "--format", "html", "--output", out)
		if code != 0 || stdout != "" {
			t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
		page, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if n, e := graphOf(t, string(page)); n != 3 || e != 3 {
			t.Errorf("%d nodes and %d edges, want 3 (two documents, one dangling target) and 3", n, e)
		}
	})
	t.Run("stdout, centred", func(t *testing.T) {
		code, stdout, stderr := runCLI(t, root, "get-graph", "--format", "html", "--center", "b.md", "--depth", "1")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(stdout, "<title>ubp graph: Beta</title>") {
			t.Errorf("page title does not name the centre")
		}
		if n, _ := graphOf(t, stdout); n != 3 {
			t.Errorf("%d nodes around b.md at depth 1, want 3", n)
		}
	})
	t.Run("--output in a missing folder", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "missing", "graph.html")
		code, _, stderr := runCLI(t, root, "get-graph", "--format", "html", "--output", out)
		if code == 0 || !strings.Contains(stderr, "--output") || !strings.Contains(stderr, "missing") {
			t.Errorf("exit %d, stderr %q: want an error naming --output and the path", code, stderr)
		}
	})
	t.Run("bad --format", func(t *testing.T) {
		code, _, stderr := runCLI(t, root, "get-graph", "--format", "svg")
		if code == 0 || !strings.Contains(stderr, "json, dot, mermaid or html") {
			t.Errorf("exit %d, stderr %q", code, stderr)
		}
	})
}
