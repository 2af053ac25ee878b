package main

import (
	"strings"
	"testing"
)

// TestGetContextHeading: page#Heading centres get-context on that section
// (its heading first, the section before it left out), and a heading the
// page lacks shows the whole page and says so on stderr, as get-page does.
func TestGetContextHeading(t *testing.T) {
	root := initProjectWith(t, map[string]string{
		"docs/h.md":     "# H\n\nintro, see [[other]]\n\n## Setup\n\nsetup text\n\n## Usage\n\nusage text\n",
		"docs/other.md": "# Other\n\nback to [[h]]\n",
	})
	code, stdout, stderr := runCLI(t, root, "get-context", "h#Usage")
	if code != 0 || !strings.Contains(stdout, "## Usage\n\nusage text") || strings.Contains(stdout, "setup text") || !strings.Contains(stdout, "other.md") {
		t.Errorf("h#Usage: exit %d, stdout %q, want section Usage alone and the neighbour other.md", code, stdout)
	}
	if strings.Contains(stderr, "no section") {
		t.Errorf("h#Usage: stderr %q", stderr)
	}
	code, stdout, stderr = runCLI(t, root, "get-context", "h#Nowhere")
	if code != 0 || !strings.Contains(stdout, "## Setup") || !strings.Contains(stdout, "## Usage") {
		t.Fatalf("h#Nowhere: exit %d, stdout %q, want the whole page", code, stdout)
	}
	if want := `ubp: h.md has no section "Nowhere"; showing the whole page`; !strings.Contains(stderr, want) {
		t.Errorf("h#Nowhere: stderr %q, want %q", stderr, want)
	}
}
