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
	root := initProjectWith(t, map[string]string{
		"docs/a.md": "---\ntitle: A\n---\n\n# A\n\nSee [[b#Usage]].\n",
		"docs/b.md": "---\ntitle: B\n---\n\n# B\n\n## Usage\n\nRun it.\n",
	})
	stdout := mustCLI(t, root, "get-page", "b.md")
	if !strings.Contains(stdout, "  a.md [references] line 7 to #Usage\n") || strings.Contains(stdout, "a.md#Usage") {
		t.Errorf("backlinks of b.md:\n%s\nwant a.md ... to #Usage, the heading being b.md's", stdout)
	}
	if _, stdout, _ = runCLI(t, root, "get-page", "a.md"); !strings.Contains(stdout, "  b.md#Usage [references] line 7\n") {
		t.Errorf("outlinks of a.md:\n%s\nwant b.md#Usage", stdout)
	}
}

// TestGetPageRejectedSourceRefs: a source ref refused before anything was
// read says so, instead of "unchanged" as if it had been checked.
func TestGetPageRejectedSourceRefs(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"src/a.txt": "a\n",
		"docs/d.md": "---\ntitle: D\nsource_refs:\n  - src/a.txt\n  - ../outside.txt\n  - /etc/hosts\n---\n\n# D\n",
	})
	stdout := mustCLI(t, root, "get-page", "d.md")
	for _, want := range []string{
		"  src/a.txt (line 4): unchanged\n",
		"  ../outside.txt (line 5): rejected, never checked: the path escapes the project root\n",
		"  /etc/hosts (line 6): rejected, never checked: absolute paths are not allowed",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("get-page d.md:\n%s\nwant %q", stdout, want)
		}
	}
}

// initProjectWith writes files under a new project root and runs
// `ubp init --docs-dir docs` there.
func initProjectWith(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	fixture.WriteFiles(t, root, files)
	mustCLI(t, root, "init", "--docs-dir", "docs", "--quiet")
	return root
}

// mustCLI runs ubp in dir and returns its standard output; a non-zero exit
// fails the test.
func mustCLI(t *testing.T, dir string, args ...string) string {
	t.Helper()
	code, stdout, stderr := runCLI(t, dir, args...)
	if code != 0 {
		t.Fatalf("ubp %s: exit %d\n%s", strings.Join(args, " "), code, stderr)
	}
	return stdout
}

// TestGetPageMissingHeading: page#Heading naming a heading the page lacks
// shows the whole page and says so on stderr.
func TestGetPageMissingHeading(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/h.md": "# H\n\n## Setup\n\nx\n"})
	code, stdout, stderr := runCLI(t, root, "get-page", "h#Nowhere")
	if code != 0 || !strings.Contains(stdout, "## Setup") {
		t.Fatalf("exit %d, stdout %q", code, stdout)
	}
	if want := `ubp: h.md has no section "Nowhere"; showing the whole page`; !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
}

// TestGetPageLineZero: --start-line 0 and --end-line 0 are usage errors,
// as start_line 0 is for ubp_get_page (it gave the whole page).
func TestGetPageLineZero(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/h.md": "# H\n\n## Setup\n\nx\n"})
	for _, flag := range []string{"--start-line", "--end-line"} {
		code, _, stderr := runCLI(t, root, "get-page", "h", flag, "0")
		if code != 2 || !strings.Contains(stderr, flag+" 0: lines are numbered from 1") {
			t.Errorf("%s 0: exit %d, stderr %q", flag, code, stderr)
		}
	}
}
