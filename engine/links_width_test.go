package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// linkWidthDocs name their pages in full-width letters or half-width kana,
// as a Japanese input method leaves them, and link to them in the other
// width.
var linkWidthDocs = map[string]string{
	"docs/ＡＰＩ設計.md": "---\ntitle: ＡＰＩ設計\n---\n\n# 概要\n\n本文。\n",
	"docs/ｶﾞｲﾄﾞ.md": "---\ntitle: 利用ｶﾞｲﾄﾞ\naliases: [ＣＬＩ]\n---\n\n# 手順\n\n本文。\n",
	"docs/index.md": "---\ntitle: 目次\n---\n\n# 目次\n\n" +
		"[[API設計]]、[[ガイド]]、[[利用ガイド]]、[[CLI]]、[設計](./API設計.md)。\n",
}

var linkWidthWant = map[string]string{
	"index.md|API設計":      "ＡＰＩ設計.md",
	"index.md|ガイド":        "ｶﾞｲﾄﾞ.md",
	"index.md|利用ガイド":      "ｶﾞｲﾄﾞ.md",
	"index.md|CLI":        "ｶﾞｲﾄﾞ.md",
	"index.md|./API設計.md": "ＡＰＩ設計.md",
}

func checkLinkMap(t *testing.T, e *Engine, label string, want map[string]string) {
	t.Helper()
	got := coreLinkMap(t, e)
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: link %s resolves to %q, want %q", label, k, got[k], v)
		}
	}
}

// TestLinksInAnotherWidth: a wiki-link or Markdown link that names a page
// in another width than its file name, title or alias resolves to it, and
// keeps resolving to it after an edit re-resolves only the links its keys
// select (document_keys).
func TestLinksInAnotherWidth(t *testing.T) {
	root := t.TempDir()
	coreWriteFiles(t, root, linkWidthDocs)
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	checkLinkMap(t, e, "first index", linkWidthWant)

	// A new page named as the link is written wins over the one that only
	// matches in another width; the link is re-resolved through the keys.
	coreWriteFiles(t, root, map[string]string{"docs/API設計.md": "---\ntitle: Half\n---\n\n# x\n\ny\n"})
	coreIndex(t, e, false)
	checkLinkMap(t, e, "after adding API設計.md", map[string]string{"index.md|API設計": "API設計.md"})
}

// TestLinkWidthMigrationResolvesAgain: an index whose links were resolved
// and keyed for case only (before schema 15) resolves them again on its
// next indexing run, which a read command runs since Freshness says so.
func TestLinkWidthMigrationResolvesAgain(t *testing.T) {
	const version = 15 // 0015_link_width
	ctx := context.Background()
	root := t.TempDir()
	coreWriteFiles(t, root, linkWidthDocs)
	e := coreProject(t, root, "docs")
	coreIndex(t, e, false)
	// What the previous schema's resolver left: the links dangling and the
	// documents keyed by their case fold only.
	e2 := reopenBefore(t, e, version-1,
		`UPDATE links SET target_id = NULL WHERE target_text != ''`,
		`DELETE FROM document_keys`,
		`INSERT INTO document_keys(document_id, key) SELECT id, 'ａｐｉ設計' FROM documents WHERE filepath = 'ＡＰＩ設計.md'`,
		`INSERT INTO document_keys(document_id, key) SELECT id, 'ｶﾞｲﾄﾞ' FROM documents WHERE filepath = 'ｶﾞｲﾄﾞ.md'`,
		`INSERT INTO document_keys(document_id, key) SELECT id, 'index' FROM documents WHERE filepath = 'index.md'`,
	)
	f, err := e2.Freshness(ctx)
	if err != nil || !f.RelinkPending || f.Current() {
		t.Errorf("freshness after the migration: %+v, %v; want links waiting to be resolved again", f, err)
	}
	coreIndex(t, e2, false)
	checkLinkMap(t, e2, "after the migration", linkWidthWant)
	if f, err := e2.Freshness(ctx); err != nil || !f.Current() {
		t.Errorf("freshness after an indexing run: %+v, %v", f, err)
	}
	// The keys were written again: an edit re-resolves through them.
	coreWriteFiles(t, root, map[string]string{"docs/API設計.md": "---\ntitle: Half\n---\n\n# x\n\ny\n"})
	coreTouchLater(t, filepath.Join(root, "docs", "API設計.md"))
	coreIndex(t, e2, false)
	checkLinkMap(t, e2, "after adding API設計.md", map[string]string{"index.md|API設計": "API設計.md"})
}
