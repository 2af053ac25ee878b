package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRejectedRefsFollowTheFiles: what status and get-page say of a
// rejected source ref is what the staleness check finds now, not what the
// document's last indexing found: a ref to notes/c#.md made before the
// file (so read as notes/c + a Go declaration and rejected) is accepted
// once the file exists, without the document being indexed again; and a
// rejection that holds is named by both. Until 2026-11-27 the rejection
// was stored with the document's parse warnings and shown until the
// document's next re-index.
func TestRejectedRefsFollowTheFiles(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"src/a.txt": "a\n",
		"docs/d.md": "---\ntitle: D\nsource_refs:\n  - src/a.txt\n  - notes/c#.md\n  - ../outside.txt\n---\n\n# D\n",
	})
	const hashRef, outside = `source_ref "notes/c#.md" rejected`, `source_ref "../outside.txt" rejected`
	for _, args := range [][]string{{"status"}, {"get-page", "d.md"}, {"status", "--json"}, {"get-page", "d.md", "--json"}} {
		out := mustCLI(t, root, args...)
		if !strings.Contains(out, "notes/c#.md") || !strings.Contains(out, "rejected") {
			t.Errorf("ubp %s before the file:\n%s\nwant notes/c#.md rejected", strings.Join(args, " "), out)
		}
	}
	if err := os.MkdirAll(filepath.Join(root, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "notes", "c#.md"), []byte("c\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	status := mustCLI(t, root, "status")
	if strings.Contains(status, hashRef) || !strings.Contains(status, outside) {
		t.Errorf("status after notes/c#.md was made:\n%s\nwant no rejection of notes/c#.md, the one of ../outside.txt", status)
	}
	statusJSON := mustCLI(t, root, "status", "--json")
	if strings.Contains(statusJSON, `notes/c#.md\" rejected`) || !strings.Contains(statusJSON, `outside.txt\" rejected`) {
		t.Errorf("status --json after notes/c#.md was made:\n%s\nwant no rejection of notes/c#.md, the one of ../outside.txt", statusJSON)
	}
	for _, args := range [][]string{{"get-page", "d.md"}, {"get-page", "d.md", "--json"}} {
		page := mustCLI(t, root, args...)
		if strings.Contains(page, `notes/c#.md\" rejected`) || strings.Contains(page, hashRef) || !strings.Contains(page, "outside.txt") {
			t.Errorf("ubp %s after notes/c#.md was made:\n%s\nwant notes/c#.md checked, ../outside.txt rejected", strings.Join(args, " "), page)
		}
	}
	if page := mustCLI(t, root, "get-page", "d.md"); !strings.Contains(page, "  notes/c#.md (line 5): ") || strings.Contains(page, "  notes/c#.md (line 5): rejected") {
		t.Errorf("get-page d.md after notes/c#.md was made:\n%s\nwant notes/c#.md (line 5) checked", page)
	}
}
