package engine

import (
	"fmt"
	"reflect"
)

// ConfigReload says what ReloadConfig changed.
type ConfigReload struct {
	// Changed: the project's configuration was replaced by the file's.
	Changed bool
	// DocsDir: docs_dir changed. The index describes the old folder until
	// a run of the whole new one (Watch starts it, and watches the new
	// folder instead of the old).
	DocsDir bool
	// Embedding: the embedding changed. Searches embed their queries with
	// the new provider at once; the sections keep the old model's vectors
	// until a run of the whole folder embeds them again (Watch starts it).
	Embedding bool
}

// ReloadConfig reads .ubp/config.json again, for an engine that lives
// longer than one command (ubp serve), and takes up every setting of it,
// as a command started now would: what changed is in the result. A file
// that no longer loads is an error, and so is a docs_dir outside the
// project; the configuration in use then stays.
//
// Without it, a server went on indexing with the exclude globs it started
// with, and it and the CLI undid each other's runs at every edit. Until
// 2026-11-28 a changed docs_dir or embedding was refused
// (ErrConfigChangedScope, now gone) and ended the server's watch for good,
// said only in its log: its tools answered from an index no edit reached.
func (e *Engine) ReloadConfig() (ConfigReload, error) {
	cur := e.Project()
	cfg, err := LoadConfig(cur.ConfigPath)
	if err != nil {
		return ConfigReload{}, fmt.Errorf("reload the configuration (the one loaded before stays in use): %w", err)
	}
	if reflect.DeepEqual(cfg, cur.Config) {
		return ConfigReload{}, nil
	}
	next := *cur
	next.Config = cfg
	if err := next.CheckDocsInside(); err != nil {
		return ConfigReload{}, fmt.Errorf("reload the configuration (the one loaded before stays in use): %s: %w", cur.ConfigPath, err)
	}
	r := ConfigReload{
		Changed:   true,
		DocsDir:   next.DocsDir() != cur.DocsDir(),
		Embedding: !reflect.DeepEqual(cfg.Embedding, cur.Config.Embedding),
	}
	// The provider is made anew from the new configuration at its next
	// use (embedder); under its lock, so none is made from the old one
	// after the swap.
	e.embedMu.Lock()
	e.p.Store(&next)
	if r.Embedding {
		e.embed = nil
	}
	e.embedMu.Unlock()
	return r, nil
}
