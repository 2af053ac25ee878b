package mcpserver

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
	"github.com/ubp-dev/ubp/internal/fixture"
)

// TestToolErrorOfASkippedFile: a page asked for whose file indexing
// skipped says so and why, not "page not found" with other pages.
func TestToolErrorOfASkippedFile(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	err := toolError("ubp_get_page", &engine.NotFoundError{Query: "bin.md", Suggestions: []string{"bad.md"},
		Skipped: "skipped: not a text file (it holds a NUL byte)"}, log)
	if msg := err.Error(); !strings.Contains(msg, "the file is there, but indexing skipped: not a text file") || strings.Contains(msg, "bad.md") {
		t.Errorf("message %q, want the reason the file was skipped and no other page", msg)
	}
}

// TestToolErrorOfAFileNotIndexed: ubp_get_page and ubp_get_context on a
// Markdown file that exists but that exclude leaves out, or that is
// outside the docs folder, say the file exists but is not indexed, why
// and what to do, as the CLI does; they said "page not found" and offered
// ubp_list_pages.
func TestToolErrorOfAFileNotIndexed(t *testing.T) {
	root := t.TempDir()
	fixture.WriteFiles(t, root, map[string]string{
		"docs/guide.md":      "# Guide\n\nText.\n",
		"docs/meetings/m.md": "# Meeting\n\nText.\n",
		"NOTES.md":           "# Notes\n\nText.\n",
	})
	cfg := engine.DefaultConfig()
	cfg.DocsDir = "docs"
	cfg.Exclude = []string{"meetings/**"}
	if _, _, err := engine.InitProject(root, cfg); err != nil {
		t.Fatal(err)
	}
	c := startStdio(t, openIndexed(t, root, "docs"), quiet)
	c.initialize()
	excluded := `"meetings/m.md" has no page: the file exists but is not indexed: the exclude pattern "meetings/**" matches its folder meetings. To index it: remove or narrow that pattern in exclude of .ubp/config.json.`
	outside := `"NOTES.md" has no page: the file exists but is not indexed: it is outside the docs folder docs (docs_dir in .ubp/config.json), and only files under it are indexed. To index it: move it into the docs folder, or set docs_dir to a folder that holds it.`
	for _, tc := range []struct{ tool, page, want string }{
		{ToolGetPage, "meetings/m.md", ToolGetPage + ": " + excluded},
		{ToolGetContext, "meetings/m.md", ToolGetContext + ": " + excluded},
		{ToolGetPage, "NOTES.md", ToolGetPage + ": " + outside},
		{ToolGetGraph, "NOTES.md", ToolGetGraph + ": " + outside},
	} {
		t.Run(tc.tool+" "+tc.page, func(t *testing.T) {
			args := map[string]any{"filepath": tc.page}
			if tc.tool == ToolGetGraph {
				args = map[string]any{"center": tc.page}
			}
			m := c.callTool(tc.tool, args)
			if !m.isToolError() || m.toolText() != tc.want {
				t.Errorf("got %v\nwant the tool error %q", m.toolText(), tc.want)
			}
		})
	}
}
