package engine

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// writeConfig rewrites e's .ubp/config.json with edit applied to the
// configuration in use.
func writeConfig(t *testing.T, e *Engine, edit func(*Config)) {
	t.Helper()
	cfg := e.Project().Config
	cfg.Exclude = append([]string(nil), cfg.Exclude...)
	edit(&cfg)
	data, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(e.Project().ConfigPath, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestWatchTakesUpConfigChanges: a running watcher takes up a new exclude
// glob from .ubp/config.json (the excluded pages leave the index, and an
// edit to one does not bring it back), as the CLI would; before, the
// server kept the glob it started with, and it and the CLI undid each
// other's runs at every edit.
func TestWatchTakesUpConfigChanges(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	coreWriteFiles(t, docs, map[string]string{"archive/old.md": "# Old\n\nArchived notes.\n"})
	watchInBackground(t, e)
	coreEventually(t, "archive/old.md is indexed", func() bool { return hasPage(t, e, "archive/old.md") })

	writeConfig(t, e, func(c *Config) { c.Exclude = append(c.Exclude, "archive/**") })
	coreEventually(t, "archive/old.md leaves the index", func() bool { return !hasPage(t, e, "archive/old.md") })
	if got := e.Project().Config.Exclude; len(got) == 0 || got[len(got)-1] != "archive/**" {
		t.Errorf("exclude in use %v, want the file's", got)
	}
	// An edit to the excluded file does not bring it back; one elsewhere
	// is still indexed.
	coreWriteFiles(t, docs, map[string]string{"archive/old.md": "# Old\n\nArchived notes, edited.\n", "fresh.md": "# Fresh\n"})
	coreEventually(t, "fresh.md is indexed", func() bool { return hasPage(t, e, "fresh.md") })
	if hasPage(t, e, "archive/old.md") {
		t.Error("an edit brought the excluded archive/old.md back")
	}
}

// TestWatchFollowsTheDocsFolder: a new docs_dir is taken up by a running
// watcher: the index follows the new folder, edits there are indexed and
// edits in the old one are not. A docs_dir naming a folder that is not
// there makes the docs folder gone (DocsFolderGone) until it appears; one
// outside the project is refused, and the folder in use stays. Until
// 2026-11-28 the watch stopped for good (ErrConfigChangedScope) and the
// index kept describing the old folder.
func TestWatchFollowsTheDocsFolder(t *testing.T) {
	e, docs := coreFixture(t)
	coreIndex(t, e, false)
	root := e.Project().Root
	watchInBackground(t, e)
	waitUntilWatching(t, e, docs)
	if !hasPage(t, e, "index.md") {
		t.Fatal("index.md is not indexed")
	}

	coreWriteFiles(t, root, map[string]string{"other/notes.md": "# Notes\n\nThe new folder.\n"})
	writeConfig(t, e, func(c *Config) { c.DocsDir = "other" })
	coreEventually(t, "the index follows the new folder", func() bool {
		return hasPage(t, e, "notes.md") && !hasPage(t, e, "index.md")
	})
	coreWriteFiles(t, root, map[string]string{"other/more.md": "# More\n", "docs/left.md": "# Left\n"})
	coreEventually(t, "a file written in the new folder is indexed", func() bool { return hasPage(t, e, "more.md") })
	if hasPage(t, e, "left.md") {
		t.Error("a file written in the old docs folder was indexed")
	}

	// A folder that is not there (yet).
	writeConfig(t, e, func(c *Config) { c.DocsDir = "later" })
	coreEventually(t, "the missing docs folder is told", func() bool { _, gone := e.DocsFolderGone(); return gone })
	coreWriteFiles(t, root, map[string]string{"later/late.md": "# Late\n"})
	coreEventually(t, "the folder, once there, is indexed", func() bool {
		_, gone := e.DocsFolderGone()
		return !gone && hasPage(t, e, "late.md") && !hasPage(t, e, "notes.md")
	})

	// Outside the project: refused, the folder in use stays.
	writeConfig(t, e, func(c *Config) { c.DocsDir = "../elsewhere" })
	if _, err := e.ReloadConfig(); err == nil || !strings.Contains(err.Error(), "outside the project root") {
		t.Errorf("reload of a docs_dir outside the project: %v, want an error saying so", err)
	}
	if got := e.Project().Config.DocsDir; got != "later" {
		t.Errorf("docs_dir in use %q, want the one loaded before", got)
	}
}
