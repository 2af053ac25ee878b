package mcpserver

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLiveReindex: while serving (watcher on, the default), a document
// written into the docs folder becomes searchable, and a deleted one
// disappears, without restarting the server.
func TestLiveReindex(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	c := startStdio(t, e, Options{})
	c.initialize()

	found := func() int {
		m := c.callTool(ToolFulltextSearch, map[string]any{"query": "zebracorn"})
		if m.isToolError() {
			t.Fatalf("search failed: %s", m.toolText())
		}
		return len(m.result()["structuredContent"].(map[string]any)["results"].([]any))
	}
	if n := found(); n != 0 {
		t.Fatalf("the word is already indexed (%d hits)", n)
	}
	doc := filepath.Join(e.Project().Root, "designs", "zebracorn-cache.md")
	err := os.WriteFile(doc, []byte("---\ntitle: Zebracorn Cache\ndoc_type: design\n---\n\n# Zebracorn Cache\n\n## Overview\n\nThe zebracorn cache keeps hot task lists in memory. See [[designs/database]].\n"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the new document to be searchable", func() bool { return found() > 0 })
	page := c.callTool(ToolGetPage, map[string]any{"filepath": "designs/zebracorn-cache.md"})
	if page.isToolError() {
		t.Errorf("new page not readable: %s", page.toolText())
	}

	if err := os.Remove(doc); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the deleted document to leave the index", func() bool { return found() == 0 })
}

// waitFor polls cond for up to 20 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
