package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// linkCodeDocs link to pages with inline code in the link, as a name is
// written in prose ([[`config.json`]]), and title a page with inline code.
var linkCodeDocs = map[string]string{
	"docs/config.json.md": "# config.json\n\nThe file.\n",
	"docs/settings.md":    "---\ntitle: The `limits` table\n---\n\n# Limits\n\nRows.\n",
	"docs/index.md": "# Index\n\n" +
		"See [[`config.json`]], [[The `limits` table|depends_on]] and [[the limits table]].\n" +
		"Code stays code: `[[settings]]`.\n",
}

var linkCodeWant = map[string]string{
	"index.md|config.json":      "config.json.md",
	"index.md|The limits table": "settings.md",
	"index.md|the limits table": "settings.md",
}

// TestLinksHoldingCode: a wiki-link holding inline code targets the text
// it renders, a title holding inline code is found by that text, and a
// wiki-link written inside code is no link.
func TestLinksHoldingCode(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, linkCodeDocs)
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	checkLinkMap(t, e, "first index", linkCodeWant)
	if got := coreLinkMap(t, e); len(got) != len(linkCodeWant) {
		t.Errorf("links = %v, want exactly %v", got, linkCodeWant)
	}
	// A page titled so later is found through the keys.
	coreWriteFiles(t, root, map[string]string{"docs/later.md": "# Later\n\n[[The `new` page]]\n"})
	coreIndex(t, e, false)
	checkLinkMap(t, e, "dangling first", map[string]string{"later.md|The new page": ""})
	coreWriteFiles(t, root, map[string]string{"docs/new.md": "---\ntitle: The `new` page\n---\n\nx\n"})
	coreIndex(t, e, false)
	checkLinkMap(t, e, "after adding the page", map[string]string{"later.md|The new page": "new.md"})
}

// TestLinksHoldingCodeMigration: an index from before schema 18, whose
// parser dropped such links and whose keys lack titles without their
// backticks, finds them on its next indexing run.
func TestLinksHoldingCodeMigration(t *testing.T) {
	const version = 18 // 0018_code_in_wiki_links
	ctx := context.Background()
	root := t.TempDir()
	coreWriteFiles(t, root, linkCodeDocs)
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	e2 := reopenBefore(t, e, version-1,
		`DELETE FROM links`,
		`DELETE FROM document_keys WHERE key NOT LIKE '%`+"`"+`%' AND key NOT IN ('config.json', 'index', 'settings')`,
	)
	if f, err := e2.Freshness(ctx); err != nil || f.Current() {
		t.Errorf("freshness after the migration: %+v, %v; want a re-index pending", f, err)
	}
	coreIndex(t, e2, false)
	checkLinkMap(t, e2, "after the migration", linkCodeWant)
	coreWriteFiles(t, root, map[string]string{"docs/settings.md": "---\ntitle: The `limits` table\n---\n\n# Limits\n\nMore rows.\n"})
	coreTouchLater(t, filepath.Join(root, "docs", "settings.md"))
	coreIndex(t, e2, false)
	checkLinkMap(t, e2, "after an edit", linkCodeWant)
}
