package stale

import (
	"context"
	"strings"

	"github.com/ubp-dev/ubp/index"
)

// change is one path a commit touched that a target selects.
type change struct {
	commit int    // index into history.commits
	status byte   // A, M, D or T
	path   string // from the project root
}

// target is one distinct selection of files matched against git's paths:
// a path (a file, or a folder and everything below it) or a glob. Refs and
// documents naming the same path share a target.
type target struct {
	kind refKind
	rel  string // project path ("." for the root) or cleaned pattern
	base string // glob: folder before the first wildcard
	// changes are the commits that touched the target, newest first.
	changes []change
	// dirty lists uncommitted changes under the target (project paths).
	dirty []dirtyEntry
}

// targetSet indexes targets so each path from `git log` is matched with a
// few map lookups: the path itself, each folder above it, and only the
// globs whose base folder is one of those.
type targetSet struct {
	paths map[string]*target
	globs map[string][]*target // by base folder
	all   []*target
}

func newTargetSet() *targetSet {
	return &targetSet{paths: map[string]*target{}, globs: map[string][]*target{}}
}

// addPath adds (or finds) the target for a file or folder path.
func (s *targetSet) addPath(rel string) *target {
	if t, ok := s.paths[rel]; ok {
		return t
	}
	t := &target{kind: kindPath, rel: rel}
	s.paths[rel] = t
	s.all = append(s.all, t)
	return t
}

// addRef adds (or finds) the target a resolved ref selects.
func (s *targetSet) addRef(r resolvedRef) *target {
	if r.kind != kindGlob {
		return s.addPath(r.rel)
	}
	for _, t := range s.globs[r.base] {
		if t.rel == r.rel {
			return t
		}
	}
	t := &target{kind: kindGlob, rel: r.rel, base: r.base}
	s.globs[r.base] = append(s.globs[r.base], t)
	s.all = append(s.all, t)
	return t
}

// match calls fn for every target selecting the project path p.
func (s *targetSet) match(p string, fn func(*target)) {
	if t, ok := s.paths[p]; ok {
		fn(t)
	}
	if t, ok := s.paths["."]; ok {
		fn(t)
	}
	s.matchGlobs(".", p, fn)
	for i := 0; i < len(p); i++ {
		if p[i] != '/' {
			continue
		}
		dir := p[:i]
		if t, ok := s.paths[dir]; ok {
			fn(t)
		}
		s.matchGlobs(dir, p, fn)
	}
}

func (s *targetSet) matchGlobs(base, p string, fn func(*target)) {
	for _, t := range s.globs[base] {
		if index.MatchGlob(t.rel, p) {
			fn(t)
		}
	}
}

// pathspecs limits git to the targets: literal paths, glob patterns, and
// nothing at all (the whole history) when the project root is a target.
func (s *targetSet) pathspecs() []string {
	if _, ok := s.paths["."]; ok {
		return nil
	}
	specs := make([]string, 0, len(s.all))
	for _, t := range s.all {
		if t.kind == kindGlob {
			specs = append(specs, ":(glob)"+t.rel)
		} else {
			specs = append(specs, ":(literal)"+t.rel)
		}
	}
	return specs
}

// maxPathspecs is the most targets passed to git as pathspecs; above it
// git reads the whole history and the paths are matched here, which is
// faster than git matching thousands of pathspecs per path.
const maxPathspecs = 256

// collect reads history and uncommitted changes once and files every path
// under the targets that select it.
func (s *targetSet) collect(ctx context.Context, g *gitRepo) (*history, error) {
	var specs []string
	if len(s.all) <= maxPathspecs {
		specs = s.pathspecs()
	}
	h, err := readHistory(ctx, g, specs, func(c int, status byte, p string) {
		pp, ok := g.projectPath(p)
		if !ok {
			return
		}
		s.match(pp, func(t *target) {
			t.changes = append(t.changes, change{commit: c, status: status, path: pp})
		})
	})
	if err != nil {
		return nil, err
	}
	dirty, err := readStatus(ctx, g, specs)
	if err != nil {
		return nil, err
	}
	for _, e := range dirty {
		pp, ok := g.projectPath(e.path)
		if !ok {
			continue
		}
		e.path = pp
		s.match(strings.TrimSuffix(pp, "/"), func(t *target) { t.dirty = append(t.dirty, e) })
	}
	return h, nil
}
