package mcpserver

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/engine"
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

// TestDocsFolderGone: while the docs folder is gone (moved away, deleted
// by a branch switch), every tool says so instead of answering from an
// index of files that are not there; once it is back, they answer again.
func TestDocsFolderGone(t *testing.T) {
	e := newProject(t, "taskflow-docs", "designs")
	c := startStdio(t, e, Options{})
	c.initialize()
	search := func() msg { return c.callTool(ToolSearch, map[string]any{"query": "database"}) }
	if m := search(); m.isToolError() {
		t.Fatalf("search failed: %s", m.toolText())
	}
	docs := e.Project().DocsDir()
	if err := os.Rename(docs, docs+".away"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "tools to say the docs folder is gone", func() bool {
		m := search()
		return m.isToolError() && strings.Contains(m.toolText(), "the docs folder "+docs+" is gone since")
	})
	if m := c.callTool(ToolListPages, map[string]any{}); !m.isToolError() {
		t.Errorf("list pages answered while the docs folder is gone")
	}
	if err := os.Rename(docs+".away", docs); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "tools to answer again", func() bool { return !search().isToolError() })
}

// TestLiveReindexLogsEachWarning: the log line of a re-index while serving
// is followed by each warning, named as `ubp index` names it (file:line:
// message), at most engine.MaxWarningsList of them and then how many more;
// it gave only their number ("warnings=1").
func TestLiveReindexLogsEachWarning(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	c := startStdio(t, e, Options{})
	c.initialize()
	root := e.Project().Root
	// The watcher is live once a file written now gets its page (one
	// written before the watches are in place is indexed by the catch-up).
	n := 0
	waitFor(t, "the watcher to index a new file", func() bool {
		n++
		if n%10 == 1 {
			if err := os.WriteFile(filepath.Join(root, "probe.md"), []byte(fmt.Sprintf("# Probe %d\n", n)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return !c.callTool(ToolGetPage, map[string]any{"filepath": "probe.md"}).isToolError()
	})
	bad := "---\ntitle: [unclosed\n---\n\n# Bad\n\nText.\n"
	if err := os.WriteFile(filepath.Join(root, "guides", "bad-frontmatter.md"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the warning in the log", func() bool {
		return strings.Contains(c.stderr.String(), `msg="re-index warning" component=ubp-serve warning="guides/bad-frontmatter.md:`)
	})

	// A re-index that changes no page but warns is logged too: a folder
	// symlink leading outside.
	if err := os.Symlink(t.TempDir(), filepath.Join(root, "guides", "linked")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the folder symlink named in the log", func() bool {
		return strings.Contains(c.stderr.String(), `warning="guides/linked: skipped folder: symlink to a folder outside the docs folder`)
	})
}

// TestReindexWarningsLogBounded: a re-index with more warnings than
// engine.MaxWarningsList logs that many, named, then "and N more".
func TestReindexWarningsLogBounded(t *testing.T) {
	e := newProject(t, "taskflow-docs", ".")
	bad := "---\ntitle: [unclosed\n---\n\n# Bad\n\nText.\n"
	n := engine.MaxWarningsList + 5
	for i := range n {
		if err := os.WriteFile(filepath.Join(e.Project().Root, "guides", fmt.Sprintf("bad-%02d.md", i)), []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rep, err := e.Index(context.Background(), engine.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Warnings) < n {
		t.Fatalf("%d warnings for %d bad files", len(rep.Warnings), n)
	}
	var buf strings.Builder
	logWarnings(slog.New(slog.NewTextHandler(&buf, nil)), rep.Warnings)
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != engine.MaxWarningsList+1 {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), engine.MaxWarningsList+1, buf.String())
	}
	if want := `msg="re-index warning" warning="` + rep.Warnings[0].String(); !strings.Contains(lines[0], want) {
		t.Errorf("first line %q, want it to hold %q", lines[0], want)
	}
	if want := fmt.Sprintf(`msg="and %d more re-index warnings"`, len(rep.Warnings)-engine.MaxWarningsList); !strings.Contains(lines[len(lines)-1], want) {
		t.Errorf("last line %q, want it to hold %q", lines[len(lines)-1], want)
	}
}
