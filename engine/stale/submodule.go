package stale

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// warnSubmodules warns about each unseen ref inside a git submodule
// (vendor/lib/x.go under the submodule vendor/lib) and returns the other
// unseen refs: the superproject's history holds only the commit each of
// its own commits pins the submodule at, not the submodule's files, so
// the git baseline cannot see such a ref change and only whether it
// exists is checked. Until 2026-11-27 git check-ignore failed on such a
// path ("Pathspec ... is in submodule") and the whole check with it.
//
// Only folders holding a .git entry on the way to a ref are asked about,
// in one `git ls-files --stage`: a project without submodules starts no
// process.
func (g *gitCheck) warnSubmodules() ([]unseenRef, error) {
	candidates := map[string]bool{}
	var specs []string
	for _, u := range g.unseen {
		for dir := path.Dir(u.rel); dir != "." && dir != "/"; dir = path.Dir(dir) {
			if candidates[dir] {
				break
			}
			if _, err := os.Lstat(filepath.Join(g.repo.root, filepath.FromSlash(dir), ".git")); err == nil {
				candidates[dir] = true
				specs = append(specs, ":(literal)"+dir)
			}
		}
	}
	if len(specs) == 0 {
		return g.unseen, nil
	}
	subs, err := gitlinks(g.ctx, g.repo, specs)
	if err != nil {
		return nil, err
	}
	var rest []unseenRef
	for _, u := range g.unseen {
		sub := ""
		for dir := path.Dir(u.rel); dir != "." && dir != "/"; dir = path.Dir(dir) {
			if subs[dir] {
				sub = dir
			}
		}
		if sub == "" {
			rest = append(rest, u)
			continue
		}
		g.warn(u.doc, u.line, fmt.Sprintf("source_ref %q is inside the git submodule %s, whose history the git baseline does not read: only whether it exists is checked; "+
			"name the submodule folder (%s) to see each commit that moves it, or choose the index baseline, which compares its content", u.ref, sub, sub))
	}
	return rest, nil
}

// gitlinks returns the submodules (index entries of mode 160000) among
// the pathspecs, as paths from the project root.
func gitlinks(ctx context.Context, g *gitRepo, specs []string) (map[string]bool, error) {
	out, err := runGit(ctx, g.root, append([]string{"ls-files", "--stage", "-z", "--"}, specs...)...)
	if err != nil {
		return nil, err
	}
	subs := map[string]bool{}
	for _, rec := range bytes.Split(out, []byte{0}) {
		// <mode> SP <object> SP <stage> TAB <path>
		meta, p, ok := strings.Cut(string(rec), "\t")
		if ok && strings.HasPrefix(meta, "160000 ") {
			subs[p] = true
		}
	}
	return subs, nil
}
