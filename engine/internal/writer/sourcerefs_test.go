package writer

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/index"
)

// TestSourceRefWarnings: indexing names the refs staleness checks will
// refuse (here one escaping the project root), with the document and line,
// and not those that are merely missing.
func TestSourceRefWarnings(t *testing.T) {
	root := t.TempDir()
	ws := sourceRefWarnings(root, "bad.md", []index.SourceRef{{Path: "missing.txt", Line: 4}, {Path: "../escape.txt", Line: 5}})
	if len(ws) != 1 || ws[0].File != "bad.md" || ws[0].Line != 5 || !strings.Contains(ws[0].Message, "escapes the project root") {
		t.Errorf("sourceRefWarnings: %v", ws)
	}
}
