package engine

import (
	"context"
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ubp-dev/ubp/internal/fixture"
)

// coreCorpusEngine copies a shared corpus into a temp project (indexing
// writes .ubp/ into the project root) and indexes it.
func coreCorpusEngine(t testing.TB, name, docsDir string) (*Engine, IndexReport) {
	t.Helper()
	root := t.TempDir()
	fixture.MustCopyTree(t, fixture.MustCorpus(t, name), root, time.Time{})
	e := coreProject(t, root, docsDir)
	return e, coreIndex(t, e, false)
}

// linkNamesTarget reports whether a written link target plausibly names
// the document it resolved to: its path, file name, title or an alias.
func linkNamesTarget(text, targetPath, title string, aliases []string) bool {
	t := strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(text, "./"), "/"))
	t = strings.TrimSuffix(strings.TrimSuffix(t, ".md"), ".markdown")
	p := strings.TrimSuffix(strings.ToLower(targetPath), ".md")
	if t == "" || t == p || strings.HasSuffix(p, "/"+t) || path.Base(p) == path.Base(t) ||
		t == strings.ToLower(title) {
		return true
	}
	for _, a := range aliases {
		if a == t {
			return true
		}
	}
	return false
}

func checkCorpusLinks(t *testing.T, e *Engine) {
	t.Helper()
	rows, err := e.db.Query(`SELECT s.filepath, l.target_text, l.kind, coalesce(d.filepath, ''), coalesce(d.title, ''),
		coalesce(d.aliases, '[]') FROM links l JOIN documents s ON s.id = l.source_id LEFT JOIN documents d ON d.id = l.target_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var from, text, kind, to, title, aliases string
		if err := rows.Scan(&from, &text, &kind, &to, &title, &aliases); err != nil {
			t.Fatal(err)
		}
		if to == "" {
			t.Errorf("dangling link %s -> %q (%s)", from, text, kind)
			continue
		}
		var al []string
		if err := json.Unmarshal([]byte(aliases), &al); err != nil {
			t.Fatal(err)
		}
		if !linkNamesTarget(text, to, title, al) {
			t.Errorf("link %s -> %q resolved to %s, which it does not name", from, text, to)
		}
	}
}

func TestIndexCorpusUnifiedBlueprint(t *testing.T) {
	e, rep := coreCorpusEngine(t, "unified-blueprint-docs", "docs")
	if rep.Added != 22 {
		t.Errorf("added %d documents, want 22 (warnings %v)", rep.Added, rep.Warnings)
	}
	if len(rep.Warnings) != 0 {
		t.Errorf("warnings: %v", rep.Warnings)
	}
	// Every link in this corpus names an existing document: none dangle.
	if rep.Dangling != 0 || rep.Ambiguous != 0 || rep.Links < 50 {
		t.Errorf("links %d, dangling %d %v, ambiguous %d", rep.Links, rep.Dangling, coreDangling(t, e), rep.Ambiguous)
	}
	checkCorpusLinks(t, e)
	// Japanese documents are first-class: the pair links resolve both ways.
	links := coreLinkMap(t, e)
	pairs := []struct{ from, want string }{
		{"designs/search-algorithm.ja.md|./search-algorithm.md", "designs/search-algorithm.md"},
		{"designs/search-algorithm.md|./search-algorithm.ja.md", "designs/search-algorithm.ja.md"},
		{"designs/architecture.md|mcp-tools", "designs/mcp-tools.md"},
	}
	for _, tt := range pairs {
		t.Run(tt.from, func(t *testing.T) {
			if links[tt.from] != tt.want {
				t.Errorf("%s resolved to %q, want %q", tt.from, links[tt.from], tt.want)
			}
		})
	}
	page, err := e.GetPage(context.Background(), "designs/search-algorithm.ja.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.Content, "検索") || len(page.Sections) == 0 {
		t.Errorf("Japanese page content/sections missing: %d sections", len(page.Sections))
	}
	// Re-indexing the unchanged corpus does nothing.
	if rep := coreIndex(t, e, false); rep.Unchanged != 22 || rep.Added+rep.Updated+rep.Deleted+rep.Renamed != 0 {
		t.Errorf("re-index %+v", rep)
	}
}

func TestIndexCorpusTaskflow(t *testing.T) {
	e, rep := coreCorpusEngine(t, "taskflow-docs", ".")
	if rep.Added != 16 || len(rep.Warnings) != 0 {
		t.Errorf("added %d, want 16; warnings %v", rep.Added, rep.Warnings)
	}
	if rep.Dangling != 0 || rep.Ambiguous != 0 || rep.Links < 30 {
		t.Errorf("links %d, dangling %d %v, ambiguous %d", rep.Links, rep.Dangling, coreDangling(t, e), rep.Ambiguous)
	}
	checkCorpusLinks(t, e)
	// Seven declared document types; the README declares none.
	if n := coreCount(t, e, `SELECT count(DISTINCT doc_type) FROM documents WHERE filepath <> 'README.md'`); n != 7 {
		t.Errorf("%d doc types, want 7", n)
	}
	var readmeType string
	e.db.QueryRow(`SELECT doc_type FROM documents WHERE filepath = 'README.md'`).Scan(&readmeType)
	if readmeType != "other" {
		t.Errorf("README doc_type %q", readmeType)
	}
	// The README shows link syntax inside inline code: those are not links.
	readme, err := os.ReadFile(filepath.Join(e.Project().Root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "`[[designs/architecture\\|references]]`") {
		t.Fatal("corpus README changed: the inline-code example is gone")
	}
	if n := coreCount(t, e, `SELECT count(*) FROM links l JOIN documents d ON d.id = l.source_id WHERE d.filepath = 'README.md'`); n != 0 {
		t.Errorf("README has %d links; the ones in inline code must not count", n)
	}
	if n := coreCount(t, e, `SELECT count(*) FROM documents WHERE filepath = 'LICENSE'`); n != 0 {
		t.Error("LICENSE indexed")
	}
}
