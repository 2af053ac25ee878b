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

// TestGetPageStartColumn: --start-column reads the first line from that
// character on, as ubp_get_page's start_column does, so that a line cut
// mid-way (next_start_column of get_context and get_page) can be read on
// from the CLI; 0 and a column past the line's end are usage errors.
func TestGetPageStartColumn(t *testing.T) {
	root := initProjectWith(t, map[string]string{"docs/h.md": "# H\n\nこんにちは world, the long line\nnext\n"})
	for _, c := range []struct {
		name   string
		args   []string
		code   int
		stdout string // wanted in stdout
		stderr string // wanted in stderr
	}{
		{"mid line", []string{"--start-line", "3", "--start-column", "4"}, 0, "\nちは world, the long line\nnext\n", ""},
		{"first column", []string{"--start-line", "3", "--start-column", "1", "--end-line", "3"}, 0, "\nこんにちは world, the long line\n", ""},
		{"json", []string{"--start-line", "3", "--start-column", "7", "--end-line", "3", "--json"}, 0, `"start_column": 7`, ""},
		{"body start", []string{"--start-column", "3"}, 0, "\nH\n\nこんにちは", ""},
		{"zero", []string{"--start-line", "3", "--start-column", "0"}, 2, "", "--start-column 0: characters are numbered from 1"},
		{"past end", []string{"--start-line", "3", "--start-column", "30"}, 2, "", "--start-column: 30 is past the end of line 3, which has 26 characters"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, root, append([]string{"get-page", "h"}, c.args...)...)
			if code != c.code || !strings.Contains(stdout, c.stdout) || !strings.Contains(stderr, c.stderr) {
				t.Errorf("exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", code, c.code, stdout, c.stdout, stderr, c.stderr)
			}
		})
	}
}

// TestGetContextReadsOnInALine: get-context cutting its centre inside a
// line names the get-page command that reads on, --start-column included,
// and that command shows the rest of the line.
func TestGetContextReadsOnInALine(t *testing.T) {
	long := strings.Repeat("word ", 3000) + "END"
	// The first line too long for the answer: the centre is cut inside it.
	root := initProjectWith(t, map[string]string{"docs/long.md": long + "\n"})
	stdout := mustCLI(t, root, "get-context", "long.md", "--max-size", "4000")
	i := strings.Index(stdout, "read on with: ubp ")
	if i < 0 {
		t.Fatalf("get-context names no command to read on:\n%s", stdout)
	}
	cmdline := stdout[i+len("read on with: ubp "):]
	cmdline = cmdline[:strings.IndexByte(cmdline, ']')]
	if !strings.Contains(cmdline, "--start-column") {
		t.Fatalf("read on with %q: no --start-column, though line 1 was cut", cmdline)
	}
	rest := mustCLI(t, root, strings.Fields(cmdline)...)
	sent := stdout[strings.Index(stdout, "\n\n")+2 : strings.LastIndex(stdout, "\n\n[")]
	_, after, _ := strings.Cut(rest, "\n\n")
	if got := sent + strings.TrimSuffix(after, "\n"); got != long {
		t.Errorf("the part sent and the rest read on make %d characters, want the line's %d", len(got), len(long))
	}
}

// TestGetPageDanglingLinkHeading: a dangling outlink naming a heading shows
// the target as written, heading included, then "(dangling)": the mark
// stood between the path and its #heading (missing.md (dangling)#usage).
func TestGetPageDanglingLinkHeading(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/a.md": "# A\n\nSee [usage](missing.md#usage) and [[gone#Setup]].\n",
	})
	stdout := mustCLI(t, root, "get-page", "a.md")
	for _, want := range []string{
		"  missing.md#usage (dangling) [references] line 3\n",
		"  gone#Setup (dangling) [references] line 3\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("outlinks of a.md:\n%s\nwant %q", stdout, want)
		}
	}
}

// TestGetPageMarksMissingHeadings: an outlink naming a heading its page
// lacks shows "(no such heading)" after its target, a backlink naming a
// heading this page lacks "(no such heading here)"; a good heading is not
// marked. Nothing told a broken anchor from a good one before.
func TestGetPageMarksMissingHeadings(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/a.md": "# A\n\n[[b#Setup]] [[b#Old Name]] [x](b.md#gone)\n",
		"docs/b.md": "# B\n\n## Setup\n\ntext\n",
	})
	a := mustCLI(t, root, "get-page", "a.md")
	for _, want := range []string{
		"  b.md#Setup [references] line 3\n",
		"  b.md#Old Name (no such heading) [references] line 3\n",
		"  b.md#gone (no such heading) [references] line 3\n",
	} {
		if !strings.Contains(a, want) {
			t.Errorf("outlinks of a.md:\n%s\nwant %q", a, want)
		}
	}
	b := mustCLI(t, root, "get-page", "b.md")
	for _, want := range []string{
		"  a.md [references] line 3 to #Setup\n",
		"  a.md [references] line 3 to #Old Name (no such heading here)\n",
	} {
		if !strings.Contains(b, want) {
			t.Errorf("backlinks of b.md:\n%s\nwant %q", b, want)
		}
	}
}

// TestGetPageOfAFileNotIndexed: get-page and get-context on a Markdown file
// that exists but that exclude leaves out, or that is outside the docs
// folder, say the file exists but is not indexed, why and what to do (the
// hint); they said only "page not found".
func TestGetPageOfAFileNotIndexed(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/guide.md":      "# Guide\n\nText.\n",
		"docs/meetings/m.md": "# Meeting\n\nText.\n",
		"NOTES.md":           "# Notes\n\nText.\n",
	})
	mustCLI(t, root, "init", "--docs-dir", "docs", "--exclude", "meetings/**", "--quiet")
	cases := []struct {
		args       []string
		want, hint string
	}{
		{[]string{"get-page", "meetings/m.md"}, "ubp: page not found: meetings/m.md: the file exists but is not indexed: the exclude pattern \"meetings/**\" matches its folder meetings\n",
			"hint: remove or narrow that pattern in exclude of .ubp/config.json\n"},
		{[]string{"get-context", "meetings/m.md"}, "ubp: page not found: meetings/m.md: the file exists but is not indexed: the exclude pattern \"meetings/**\" matches its folder meetings\n",
			"hint: remove or narrow that pattern in exclude of .ubp/config.json\n"},
		{[]string{"get-page", "NOTES.md"}, "ubp: page not found: NOTES.md: the file exists but is not indexed: it is outside the docs folder docs (docs_dir in .ubp/config.json), and only files under it are indexed\n",
			"hint: move it into the docs folder, or set docs_dir to a folder that holds it\n"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, _, stderr := runCLI(t, root, tc.args...)
			if code != 1 || stderr != tc.want+tc.hint {
				t.Errorf("exit %d, stderr\n%s\nwant 1 and\n%s%s", code, stderr, tc.want, tc.hint)
			}
		})
	}
	code, stdout, _ := runCLI(t, root, "--json", "get-page", "meetings/m.md")
	if code != 1 || !strings.Contains(stdout, `"code": "not_found"`) || !strings.Contains(stdout, `"hint": "remove or narrow that pattern`) {
		t.Errorf("--json: exit %d, %s", code, stdout)
	}
}
