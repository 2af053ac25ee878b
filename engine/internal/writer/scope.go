package writer

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Scope limits a run to some paths of the docs folder: each entry is a
// file path or a folder prefix, relative to the docs folder.
type Scope struct {
	prefixes map[string]bool
}

// Empty reports whether the scope holds no path.
func (s *Scope) Empty() bool { return s == nil || len(s.prefixes) == 0 }

// paths lists the scope's paths, sorted; nil for no scope (the whole
// folder).
func (s *Scope) paths() []string {
	if s == nil {
		return nil
	}
	out := make([]string, 0, len(s.prefixes))
	for p := range s.prefixes {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// contains reports whether rel is one of the paths or under one of them.
func (s *Scope) contains(rel string) bool {
	if s == nil {
		return true
	}
	if s.prefixes[rel] {
		return true
	}
	for i := strings.LastIndexByte(rel, '/'); i > 0; i = strings.LastIndexByte(rel[:i], '/') {
		if s.prefixes[rel[:i]] {
			return true
		}
	}
	return false
}

// ScopeFor maps absolute paths (files or folders, created, modified or
// deleted) to a scope relative to the docs folder docsDir; paths outside
// it are left out. all is true when a path is the docs folder itself or
// one of its parents.
func ScopeFor(docsDir string, absPaths []string) (sc *Scope, all bool, err error) {
	docs, err := filepath.Abs(docsDir)
	if err != nil {
		return nil, false, fmt.Errorf("index paths: resolve docs folder: %w", err)
	}
	sc = &Scope{prefixes: map[string]bool{}}
	for _, p := range absPaths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, false, fmt.Errorf("index paths: resolve %q: %w", p, err)
		}
		rel, err := filepath.Rel(docs, abs)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		switch {
		case rel == ".":
			return nil, true, nil
		case rel == ".." || strings.HasPrefix(rel, "../"):
			if r, err := filepath.Rel(abs, docs); err == nil && !strings.HasPrefix(filepath.ToSlash(r), "..") {
				return nil, true, nil // a parent of the docs folder
			}
			continue
		}
		sc.prefixes[norm.NFC.String(rel)] = true
	}
	return sc, false, nil
}
