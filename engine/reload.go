package engine

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// ErrConfigChangedScope is returned by ReloadConfig when .ubp/config.json
// changed something a running engine cannot take up: the docs folder or
// the embedding. A server stops re-indexing then (its runs would undo
// those of commands started since, with the new configuration).
var ErrConfigChangedScope = errors.New("the new configuration needs a new process")

// ReloadConfig reads .ubp/config.json again, for an engine that lives
// longer than one command (ubp serve): changed is true when the project's
// configuration was replaced by the file's. Every setting is taken up but
// docs_dir and embedding, whose change is ErrConfigChangedScope (the
// configuration in use stays); a file that no longer loads is an error
// too, and the configuration in use stays. Without it, a server went on
// indexing with the exclude globs it started with, and it and the CLI
// undid each other's runs at every edit.
func (e *Engine) ReloadConfig() (changed bool, err error) {
	cur := e.Project()
	cfg, err := LoadConfig(cur.ConfigPath)
	if err != nil {
		return false, fmt.Errorf("reload the configuration (the one loaded before stays in use): %w", err)
	}
	if reflect.DeepEqual(cfg, cur.Config) {
		return false, nil
	}
	var scope []string
	if cfg.DocsDir != cur.Config.DocsDir {
		scope = append(scope, "docs_dir")
	}
	if !reflect.DeepEqual(cfg.Embedding, cur.Config.Embedding) {
		scope = append(scope, "embedding")
	}
	if len(scope) > 0 {
		return false, fmt.Errorf("%s changed %s: %w", cur.ConfigPath, strings.Join(scope, " and "), ErrConfigChangedScope)
	}
	next := *cur
	next.Config = cfg
	e.p.Store(&next)
	return true, nil
}
