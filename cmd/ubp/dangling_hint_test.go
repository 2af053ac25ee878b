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

// TestStatusBrokenAnchors: status counts and lists the links to a heading
// their page lacks, in text and JSON; get-page marked them, status did not.
func TestStatusBrokenAnchors(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/a.md": "# A\n\n## Setup\n\nx\n",
		"docs/c.md": "# C\n\nSee [[a#No Such Heading]], [x](a.md#nope) and [[a#Setup]].\n",
	})
	status := mustCLI(t, root, "status")
	for _, want := range []string{
		"  broken anchors 2 (links to a heading their page lacks)\n",
		"  no such heading c.md:3: a.md#No Such Heading\n",
		"  no such heading c.md:3: a.md#nope\n",
	} {
		if !strings.Contains(status, want) {
			t.Errorf("status:\n%s\nwant %q", status, want)
		}
	}
	js := mustCLI(t, root, "status", "--json")
	for _, want := range []string{`"broken_anchors": 2,`, `"heading": "No Such Heading"`, `"heading": "nope"`} {
		if !strings.Contains(js, want) {
			t.Errorf("status --json:\n%s\nwant %q", js, want)
		}
	}
}
