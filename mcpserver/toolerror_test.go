package mcpserver

import (
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine"
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
