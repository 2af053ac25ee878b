package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocsToolTables: the tool and category tables of docs/mcp-server.md
// are the ones generated from the tool declarations.
func TestDocsToolTables(t *testing.T) {
	path := filepath.Join("..", "docs", "mcp-server.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, docsTablesBegin), strings.Index(doc, docsTablesEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers of the generated tables:\n%s\n%s", path, docsTablesBegin, docsTablesEnd)
	}
	tables, err := docsToolTables()
	if err != nil {
		t.Fatal(err)
	}
	want := doc[:i] + docsTablesBegin + "\n\n" + tables + "\n" + doc[j:]
	if want == doc {
		return
	}
	if *update {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the tool tables of %s are out of date; rerun with -update. Want:\n%s", path, tables)
}
