package project

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/ubp-dev/ubp/engine/answer"
)

// The project layout: <root>/.ubp holds the configuration and the index.
const (
	dataDirName    = ".ubp"
	configFileName = "config.json"
	dbFileName     = "index.db"
	lockFileName   = "index.lock"
	// openLockName serialises opening (creating, switching to WAL,
	// migrating) the index across processes: SQLite can refuse a
	// concurrent switch of a new database to WAL with "database is locked"
	// without waiting.
	openLockName = "open.lock"
)

// Project is a folder initialised with `ubp init`: it holds
// .ubp/config.json and the index next to it.
type Project struct {
	// Root is the absolute path of the folder that holds .ubp/.
	Root   string
	Config Config
	// ConfigPath is the absolute path of .ubp/config.json.
	ConfigPath string
}

// Find looks for .ubp/config.json in start and then in each parent
// folder, and loads the first one found.
func Find(start string) (*Project, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return nil, fmt.Errorf("find project: resolve %q: %w", start, err)
	}
	for dir := abs; ; {
		cfgPath := filepath.Join(dir, dataDirName, configFileName)
		st, err := os.Stat(cfgPath)
		switch {
		case err == nil && st.Mode().IsRegular():
			cfg, err := LoadConfig(cfgPath)
			if err != nil {
				return nil, err
			}
			if err := docsInside(dir, cfg); err != nil {
				return nil, fmt.Errorf("%s: %w", cfgPath, err)
			}
			return &Project{Root: dir, Config: cfg, ConfigPath: cfgPath}, nil
		case err != nil && !errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("find project: %w", err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return nil, answer.WithRemedy(fmt.Errorf("no ubp project found in %s or its parents", abs), answer.RemedyInit)
}

// Init makes root a project: it writes cfg to .ubp/config.json when that
// file does not exist yet. An existing configuration is never
// overwritten: it is loaded and returned with created=false. cfg is
// validated before anything is written.
func Init(root string, cfg Config) (p *Project, created bool, err error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, false, fmt.Errorf("init project: resolve %q: %w", root, err)
	}
	cfgPath := filepath.Join(abs, dataDirName, configFileName)
	if _, err := os.Stat(cfgPath); err == nil {
		return loadExisting(abs, cfgPath)
	}
	if err := cfg.Validate(); err != nil {
		return nil, false, fmt.Errorf("init project: %w", err)
	}
	if err := docsInside(abs, cfg); err != nil {
		return nil, false, fmt.Errorf("init project: %w", err)
	}
	data, err := cfg.marshal()
	if err != nil {
		return nil, false, fmt.Errorf("init project: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(cfgPath), 0o755); err != nil {
		return nil, false, fmt.Errorf("init project: create %s: %w", filepath.Dir(cfgPath), err)
	}
	// O_EXCL: if another process created the file meanwhile, keep theirs.
	f, err := os.OpenFile(cfgPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return loadExisting(abs, cfgPath)
	}
	if err != nil {
		return nil, false, fmt.Errorf("init project: create %s: %w", cfgPath, err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(cfgPath)
		return nil, false, fmt.Errorf("init project: write %s: %w", cfgPath, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(cfgPath)
		return nil, false, fmt.Errorf("init project: write %s: %w", cfgPath, err)
	}
	if err := writeGitignore(filepath.Dir(cfgPath)); err != nil {
		return nil, false, fmt.Errorf("init project: %w", err)
	}
	return &Project{Root: abs, Config: cfg, ConfigPath: cfgPath}, true, nil
}

// dataGitignore keeps out of git what ubp builds in .ubp/ (the index, its
// journal files, the locks), so that `git add -A` commits the
// configuration only: a committed index.db collided with the server's
// live database at the next checkout.
const dataGitignore = `# ubp builds everything here from the docs but its configuration.
*
!.gitignore
!config.json
`

// writeGitignore writes .ubp/.gitignore (dataGitignore) unless one exists.
func writeGitignore(dataDir string) error {
	path := filepath.Join(dataDir, ".gitignore")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("create %s: %w", path, err)
	}
	if _, err := f.WriteString(dataGitignore); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func loadExisting(root, cfgPath string) (*Project, bool, error) {
	cfg, err := LoadConfig(cfgPath)
	if err != nil {
		return nil, false, err
	}
	if err := docsInside(root, cfg); err != nil {
		return nil, false, fmt.Errorf("%s: %w", cfgPath, err)
	}
	return &Project{Root: root, Config: cfg, ConfigPath: cfgPath}, false, nil
}

// DocsDir is the absolute path of the docs folder (docs_dir, relative to
// Root unless absolute).
func (p *Project) DocsDir() string {
	if filepath.IsAbs(p.Config.DocsDir) {
		return filepath.Clean(p.Config.DocsDir)
	}
	return filepath.Join(p.Root, p.Config.DocsDir)
}

// DataDir is <root>/.ubp, the only folder ubp writes to.
func (p *Project) DataDir() string { return filepath.Join(p.Root, dataDirName) }

// DBPath is the SQLite index, <root>/.ubp/index.db.
func (p *Project) DBPath() string { return filepath.Join(p.DataDir(), dbFileName) }

// LockPath is the file that serialises indexing runs across processes,
// <root>/.ubp/index.lock.
func (p *Project) LockPath() string { return filepath.Join(p.DataDir(), lockFileName) }

// OpenLockPath is the lock taken while opening (creating, migrating) the
// index, <root>/.ubp/open.lock.
func (p *Project) OpenLockPath() string { return filepath.Join(p.DataDir(), openLockName) }

// CheckDocsInside checks, as the project was loaded, that its docs folder
// is still inside its root, symlinks included: a running server whose
// docs folder became a symlink leading elsewhere must not read there.
func (p *Project) CheckDocsInside() error { return docsInside(p.Root, p.Config) }

// docsInside checks that cfg's docs folder is root or a folder below it:
// ubp reads nothing outside the project, so "../" or an absolute path
// elsewhere is a configuration error, not a folder to index.
func docsInside(root string, cfg Config) error {
	dir := cfg.DocsDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	if !within(root, filepath.Clean(dir)) {
		return &ConfigError{Field: "docs_dir", Message: fmt.Sprintf("%q is outside the project root %s; ubp reads only the project: use a folder inside it, or run ubp init in a folder that holds the docs", cfg.DocsDir, root)}
	}
	// Symlinks included: the folder as the system resolves it. One that
	// does not exist yet is reported when it is read.
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil //nolint:nilerr // no root yet (init creates it): nothing to read outside
	}
	realDir, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil //nolint:nilerr // no docs folder yet: discovery reports it
	}
	if !within(realRoot, realDir) {
		return &ConfigError{Field: "docs_dir", Message: fmt.Sprintf("%q is outside the project root %s: it is a symlink (or under one) leading to %s; ubp reads only the project, symlinks included: use a folder inside it, or run ubp init in the folder it leads to", cfg.DocsDir, root, realDir)}
	}
	return nil
}

// within reports whether the cleaned path p is dir or below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
