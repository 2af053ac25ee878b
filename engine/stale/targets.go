package stale

import (
	"context"
	"path"
	"strings"

	"github.com/ubp-dev/ubp/index/pathglob"
)

// change is one path a commit touched that a target selects.
type change struct {
	commit int    // index into history.commits
	status byte   // A, M, D, T, or R: moved here unchanged (A for refs)
	path   string // from the project root
	// away marks the D of an exact move: the content went on at another
	// path. It is a deletion for a ref, and no edit of a document.
	away bool
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
	// doc is set for a document's own path: moves are followed for it, and
	// earlier holds the changes to the paths it had before (newest first).
	doc     bool
	earlier []change
}

// writing reports uncommitted changes to the target other than a staged
// move of a document.
func (t *target) writing() bool {
	for _, e := range t.dirty {
		if !(t.doc && e.moved) {
			return true
		}
	}
	return false
}

// contentChanges are the commits that changed what a document says, at
// its path or at the paths it was moved from: moving it is not a change,
// neither to it nor away from it (a document moved out and back keeps the
// history it had before the first move). When its history holds nothing
// but moves (their origin outside what git was asked about), the moves
// stand in.
func (t *target) contentChanges() []int {
	var out, moves []int
	for _, cs := range [][]change{t.changes, t.earlier} {
		for _, c := range cs {
			if c.status == 'R' || c.away {
				moves = append(moves, c.commit)
			} else {
				out = append(out, c.commit)
			}
		}
	}
	if len(out) == 0 {
		return moves
	}
	return out
}

// alias sends the changes to a path a document was moved from to the
// document's target: those in commits after (older than, in topological
// order) the move; after is -1 for a move not committed yet.
type alias struct {
	t     *target
	after int
}

// targetSet indexes targets so each path from `git log` is matched with a
// few map lookups: the path itself, each folder above it, and only the
// globs whose base folder is one of those.
type targetSet struct {
	paths map[string]*target
	globs map[string][]*target // by base folder
	all   []*target
	// aliases holds, by old path, the documents moved away from it.
	aliases map[string][]alias
	// docFolder is the folder holding every document ("" before the first,
	// "." when it is the project root): the pathspec that lets git see
	// moves between documents' paths.
	docFolder string
	// moveSources are paths documents were moved from outside docFolder
	// (see followMoves): git is asked about them too, so it sees the moves.
	moveSources []string
	// limited is set by collect when git was given pathspecs: it saw a
	// move only when both of its paths were within them.
	limited bool
}

func newTargetSet() *targetSet {
	return &targetSet{paths: map[string]*target{}, globs: map[string][]*target{}, aliases: map[string][]alias{}}
}

// addDoc adds (or finds) the target for a document's own path.
func (s *targetSet) addDoc(rel string) *target {
	t := s.addPath(rel)
	t.doc = true
	if s.docFolder == "" {
		s.docFolder = path.Dir(rel)
	} else {
		s.docFolder = commonFolder(s.docFolder, path.Dir(rel))
	}
	return t
}

// commonFolder is the deepest folder holding both a and b ("." for none).
func commonFolder(a, b string) string {
	for a != "." && a != b && !strings.HasPrefix(b, a+"/") {
		a = path.Dir(a)
	}
	return a
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
		return s.addPath(r.gitPath())
	}
	rel, base := r.gitPath(), r.base
	if rel != r.rel {
		base = r.realRel
	}
	for _, t := range s.globs[base] {
		if t.rel == rel {
			return t
		}
	}
	t := &target{kind: kindGlob, rel: rel, base: base}
	s.globs[base] = append(s.globs[base], t)
	s.all = append(s.all, t)
	return t
}

// match calls fn for every target selecting the project path p.
//
// A folder or glob target above a .ubp or .git folder leaves out what is
// inside it, as a folder's fingerprint does (skipDirs): ubp's own state
// (its database's journal files while it runs, a committed config) made
// a document describing the whole project stale.
func (s *targetSet) match(p string, fn func(*target)) {
	if t, ok := s.paths[p]; ok {
		fn(t)
	}
	hidden := skippedFrom(p)
	if hidden < 0 {
		if t, ok := s.paths["."]; ok {
			fn(t)
		}
		s.matchGlobs(".", p, fn)
	}
	for i := 0; i < len(p); i++ {
		if p[i] != '/' || i < hidden {
			continue
		}
		dir := p[:i]
		if t, ok := s.paths[dir]; ok {
			fn(t)
		}
		s.matchGlobs(dir, p, fn)
	}
}

// skippedFrom is the byte offset in p of its first folder that folder
// refs skip (skipDirs), -1 when none.
func skippedFrom(p string) int {
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		if i < len(p) && skipDirs[p[start:i]] {
			return start
		}
		start = i + 1
	}
	return -1
}

func (s *targetSet) matchGlobs(base, p string, fn func(*target)) {
	for _, t := range s.globs[base] {
		if pathglob.Match(t.rel, p) {
			fn(t)
		}
	}
}

// pathspecs limits git to the targets: literal paths, glob patterns, and
// nothing at all (the whole history) when the project root is a target or
// there are more than maxPathspecs of them.
func (s *targetSet) pathspecs() []string {
	if _, ok := s.paths["."]; ok || s.docFolder == "." || len(s.all)+len(s.moveSources) > maxPathspecs {
		return nil
	}
	specs := make([]string, 0, len(s.all)+len(s.moveSources)+1)
	if s.docFolder != "" {
		specs = append(specs, ":(literal)"+s.docFolder)
	}
	for _, p := range s.moveSources {
		specs = append(specs, ":(literal)"+p)
	}
	for _, t := range s.all {
		if t.doc {
			continue // under docFolder
		}
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
	specs := s.pathspecs()
	s.limited = specs != nil
	// Uncommitted changes first: a staged move sends the history of the
	// document's old path to it.
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
		if e.from != "" {
			if e.from, ok = g.projectPath(e.from); !ok {
				e.from, e.moved = "", false
			}
		}
		s.match(strings.TrimSuffix(pp, "/"), func(t *target) {
			t.dirty = append(t.dirty, e)
			if t.doc && e.moved && t.rel == pp {
				s.aliases[e.from] = append(s.aliases[e.from], alias{t: t, after: -1})
			}
		})
	}
	h, err := readHistory(ctx, g, specs, func(c int, f fileChange) {
		pp, ok := g.projectPath(f.path)
		from, fromOK := "", false
		if f.status == 'R' {
			from, fromOK = g.projectPath(f.from)
			if fromOK {
				s.fileAway(c, from)
			}
		}
		if !ok {
			return
		}
		switch {
		case f.status != 'R':
			s.fileChange(c, f.status, pp, "")
		case fromOK:
			s.fileChange(c, 'R', pp, from)
		default:
			s.fileChange(c, 'A', pp, "")
		}
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// fileChange files one change of commit c under the targets selecting p,
// and under the documents that were moved away from p after c. A move
// (status R, from the project path from) is a change for the targets of
// p, and names from as an earlier path of the documents at p.
func (s *targetSet) fileChange(c int, status byte, p, from string) {
	s.file(change{commit: c, status: status, path: p}, from)
}

// fileAway files the deletion of p by commit c's exact move of it
// elsewhere.
func (s *targetSet) fileAway(c int, p string) {
	s.file(change{commit: c, status: 'D', path: p, away: true}, "")
}

func (s *targetSet) file(ch change, from string) {
	c, status, p := ch.commit, ch.status, ch.path
	var moved []*target
	s.match(p, func(t *target) {
		t.changes = append(t.changes, ch)
		if status == 'R' && t.doc && t.rel == p {
			moved = append(moved, t)
		}
	})
	for _, a := range s.aliases[p] {
		if c > a.after {
			a.t.earlier = append(a.t.earlier, ch)
			if status == 'R' {
				moved = append(moved, a.t)
			}
		}
	}
	for _, t := range moved {
		s.aliases[from] = append(s.aliases[from], alias{t: t, after: c})
	}
}
