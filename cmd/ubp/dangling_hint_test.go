package main

import (
	"strings"
	"testing"
)

// TestDanglingFileLinkHint: status (text and JSON) and get-page say why a
// wiki-link to a file that is no Markdown dangles ([[notes.txt]]: not an
// indexed page); a link to a missing page gets no such word. Both were
// listed as dangling alike.
func TestDanglingFileLinkHint(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/c.md":      "# C\n\nSee [[notes.txt]] and [[gone]].\n",
		"docs/notes.txt": "hello\n",
	})
	const why = "not an indexed page: ubp indexes Markdown files (.md, .markdown, .mdx), not .txt files"
	status := mustCLI(t, root, "status")
	for _, want := range []string{"  dangling c.md:3: notes.txt (" + why + ")\n", "  dangling c.md:3: gone\n"} {
		if !strings.Contains(status, want) {
			t.Errorf("status:\n%s\nwant %q", status, want)
		}
	}
	if js := mustCLI(t, root, "status", "--json"); !strings.Contains(js, `"why": "`+why+`"`) {
		t.Errorf("status --json:\n%s\nwant the why of notes.txt", js)
	}
	page := mustCLI(t, root, "get-page", "c.md")
	for _, want := range []string{"  notes.txt (dangling) (" + why + ") [references] line 3\n", "  gone (dangling) [references] line 3\n"} {
		if !strings.Contains(page, want) {
			t.Errorf("get-page:\n%s\nwant %q", page, want)
		}
	}
	if js := mustCLI(t, root, "get-page", "c.md", "--json"); !strings.Contains(js, `"dangling_why": "`+why+`"`) {
		t.Errorf("get-page --json:\n%s\nwant the dangling_why of notes.txt", js)
	}
}
