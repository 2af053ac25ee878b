package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTextOutputEscapesControls: escape sequences and newlines in file
// names, titles and content reach a terminal escaped in text output, and
// intact in JSON output.
func TestTextOutputEscapesControls(t *testing.T) {
	root := t.TempDir()
	docs := filepath.Join(root, "docs")
	if err := os.MkdirAll(docs, 0o755); err != nil {
		t.Fatal(err)
	}
	// The line break in the frontmatter title is folded to a space (a title
	// is one line); its other control characters are kept.
	const title = "Evil \x1b]0;pwned\x07 title forged line"
	files := map[string]string{
		"evil\x1b[2J\nname.md": "---\ntitle: \"Evil \\e]0;pwned\\a title\\nforged line\"\n---\n# x\n\nzebracorn text \x1b[31mred\x1b[0m \u009b31m.\n",
		"plain.md":             "# Plain\n\nzebracorn again, see [[evil]].\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(docs, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, _, stderr := runCLI(t, root, "init", "--docs-dir", "docs", "--quiet"); code != 0 {
		t.Fatalf("init: %s", stderr)
	}
	runs := [][]string{
		{"index"},
		{"search", "zebracorn"},
		{"get-page", "Plain"},
		{"get-page", "plain.md"},
		{"list-pages"},
		{"get-context", "plain.md"},
		{"stale", "--level", "possibly_stale"},
		{"get-graph", "--format", "dot"},
		{"get-graph", "--format", "mermaid"},
	}
	for _, args := range runs {
		code, out, stderr := runCLI(t, root, args...)
		if code != 0 {
			t.Fatalf("ubp %v: exit %d: %s", args, code, stderr)
		}
		for _, s := range []string{out, stderr} {
			if strings.ContainsAny(s, "\x1b\x07\u009b\r") {
				t.Errorf("ubp %v printed a raw control character:\n%q", args, s)
			}
			if strings.Contains(s, "\nforged line") || strings.Contains(s, "\nname") {
				t.Errorf("ubp %v printed a raw newline from a title or file name:\n%s", args, s)
			}
		}
	}
	// JSON keeps the exact title.
	code, out, stderr := runCLI(t, root, "--json", "list-pages")
	if code != 0 {
		t.Fatalf("list-pages --json: %s", stderr)
	}
	if !strings.Contains(out, `\u001b`) {
		t.Errorf("JSON output does not escape ESC: %s", out)
	}
	var res struct {
		Pages []struct {
			Title string `json:"title"`
		} `json:"pages"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range res.Pages {
		found = found || p.Title == title
	}
	if !found {
		t.Errorf("JSON titles %+v lack %q", res.Pages, title)
	}
}
