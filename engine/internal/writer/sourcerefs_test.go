package writer

import (
	"strings"
	"testing"

	"github.com/ubp-dev/ubp/engine/stale"
	"github.com/ubp-dev/ubp/index"
)

// TestSourceRefWarnings: indexing names the refs staleness checks will
// refuse (here one escaping the project root), with the document and line,
// and not those that are merely missing.
func TestSourceRefWarnings(t *testing.T) {
	rj, err := stale.NewRejecter(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := sourceRefWarnings(t.Context(), rj, "bad.md", []index.SourceRef{{Path: "missing.txt", Line: 4}, {Path: "../escape.txt", Line: 5}}, nil)
	if err != nil || len(ws) != 1 || ws[0].File != "bad.md" || ws[0].Line != 5 || !strings.Contains(ws[0].Message, "escapes the project root") {
		t.Errorf("sourceRefWarnings: %v", ws)
	}
}
