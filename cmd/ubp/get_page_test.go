package main

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestGetPageBacklinkHeading: a backlink that names a heading of the page
// shows where it comes from and, apart, the heading of this page it names;
// an outlink shows the heading on its target.
func TestGetPageBacklinkHeading(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/a.md": "---\ntitle: A\n---\n\n# A\n\nSee [[b#Usage]].\n",
		"docs/b.md": "---\ntitle: B\n---\n\n# B\n\n## Usage\n\nRun it.\n",
	})
	if code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: %d %s", code, stderr)
	}
	code, stdout, stderr := runCLI(t, root, "get-page", "b.md")
	if code != 0 {
		t.Fatalf("get-page b: %d %s", code, stderr)
	}
	if !strings.Contains(stdout, "  a.md [references] line 7 to #Usage\n") || strings.Contains(stdout, "a.md#Usage") {
		t.Errorf("backlinks of b.md:\n%s\nwant a.md ... to #Usage, the heading being b.md's", stdout)
	}
	if _, stdout, _ = runCLI(t, root, "get-page", "a.md"); !strings.Contains(stdout, "  b.md#Usage [references] line 7\n") {
		t.Errorf("outlinks of a.md:\n%s\nwant b.md#Usage", stdout)
	}
}
