package stale

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// pathChanges lists, for each of paths (repository paths, files or
// folders), the newest commits in HEAD's history that touched it, newest
// first, at most limit a path (a commit that touched a folder several times
// counts once), in one `git log` limited to them, stopped as soon as every
// path has limit of them, or every commit stops names for it (when it
// names any): no history is read past what is needed. A path no commit
// touched has no entry.
func pathChanges(parent context.Context, g *gitRepo, paths []string, limit int, stops map[string][]string) (map[string][]lastChange, error) {
	paths = uniq(paths)
	pending := map[string]map[string]bool{} // path: the commits of stops not met yet
	for p, hs := range stops {
		if len(hs) > 0 {
			pending[p] = map[string]bool{}
			for _, h := range hs {
				pending[p][h] = true
			}
		}
	}
	args := []string{"log", "--no-renames", "--name-status", "-z", "--format=%x1e%H", "HEAD", "--"}
	for _, p := range paths {
		args = append(args, ":(top,literal)"+p)
	}
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	found := map[string][]lastChange{}
	done := map[string]bool{}
	full := 0 // paths done: with limit changes, or every stop met
	st, perr, werr, err := streamGit(ctx, g, args, nil, func(pipe io.Reader) error {
		br := bufio.NewReader(pipe)
		hash := ""
		for full < len(paths) {
			tok, err := br.ReadString(0)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			tok = strings.TrimLeft(strings.TrimSuffix(tok, "\x00"), "\n")
			if h, ok := strings.CutPrefix(tok, "\x1e"); ok {
				hash = strings.TrimSpace(h)
				continue
			}
			if tok == "" {
				continue
			}
			p, err := br.ReadString(0)
			if err != nil {
				return fmt.Errorf("commit %s: status %q without a path: %w", hash, tok, err)
			}
			p = strings.TrimSuffix(p, "\x00")
			for _, want := range paths {
				cs := found[want]
				if done[want] || !(p == want || strings.HasPrefix(p, want+"/")) || len(cs) > 0 && cs[len(cs)-1].hash == hash {
					continue
				}
				found[want] = append(cs, lastChange{hash: hash, status: tok[0]})
				stop := pending[want]
				delete(stop, hash)
				if len(cs)+1 == limit || stop != nil && len(stop) == 0 {
					done[want] = true
					full++
				}
			}
		}
		cancel() // every path has enough: the rest of history is not needed
		return nil
	})
	stopped := full == len(paths)
	switch {
	case err != nil:
		return nil, err
	case perr != nil:
		return nil, fmt.Errorf("read git log of moved refs: %w", perr)
	case werr != nil && stopped:
	case werr != nil && parent.Err() != nil:
		return nil, parent.Err()
	case werr != nil:
		return nil, st.failed(werr)
	}
	return found, nil
}

// uniq is paths without repeats, in their first order.
func uniq(paths []string) []string {
	seen := make(map[string]bool, len(paths))
	out := paths[:0:0]
	for _, p := range paths {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}
