package engine

import (
	"context"
	"encoding/json"
	"errors"
	"os"
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

// TestWatchStopsWhenTheDocsFolderChanges: a new docs_dir is not taken up
// by a running watcher, which stops with ErrConfigChangedScope rather than
// index the old folder against commands that index the new one.
func TestWatchStopsWhenTheDocsFolderChanges(t *testing.T) {
	e, _ := coreFixture(t)
	coreIndex(t, e, false)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- e.Watch(ctx, nil) }()
	// Let the watch start (its catch-up run finds nothing to do).
	coreWriteFiles(t, e.Project().DocsDir(), map[string]string{"probe.md": "# Probe\n"})
	coreEventually(t, "the watcher runs", func() bool { return hasPage(t, e, "probe.md") })
	if err := os.MkdirAll(e.Project().Root+"/other", 0o755); err != nil {
		t.Fatal(err)
	}
	writeConfig(t, e, func(c *Config) { c.DocsDir = "other" })
	var err error
	coreEventually(t, "the watch stops", func() bool {
		select {
		case err = <-done:
			return true
		default:
			return false
		}
	})
	if !errors.Is(err, ErrConfigChangedScope) {
		t.Errorf("Watch: %v, want ErrConfigChangedScope", err)
	}
	if e.Project().Config.DocsDir != "docs" {
		t.Errorf("docs_dir in use %q, want the one loaded before", e.Project().Config.DocsDir)
	}
}
