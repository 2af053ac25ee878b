package stale

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// unseenRef is a ref that exists but of which git knows nothing: no
// commit touched it and `git status` lists no change. Git may ignore it.
type unseenRef struct {
	doc  *DocInput
	line int
	ref  string // as written
	rel  string // the path git was asked about, from the project root
}

// noteUnseen remembers a ref that exists now when git has neither history
// nor uncommitted changes for it, for warnIgnored.
func (g *gitCheck) noteUnseen(d *DocInput, pr plannedRef, t *target) {
	if t.kind != kindPath || len(t.changes) > 0 || len(t.dirty) > 0 {
		return
	}
	g.unseen = append(g.unseen, unseenRef{doc: d, line: pr.r.ref.Line, ref: pr.r.ref.String(), rel: t.rel})
}

// warnIgnored warns about each unseen ref git ignores, in one
// `git check-ignore`: the git baseline cannot see such a file change, so
// only whether it exists is checked. Until 2026-11-27 it was fresh
// whatever happened to it, without a word.
func (g *gitCheck) warnIgnored() error {
	if len(g.unseen) == 0 {
		return nil
	}
	unseen, err := g.warnSubmodules()
	if err != nil || len(unseen) == 0 {
		return err
	}
	seen := map[string]bool{}
	var in strings.Builder
	for _, u := range unseen {
		if !seen[u.rel] {
			seen[u.rel] = true
			in.WriteString(u.rel)
			in.WriteByte(0)
		}
	}
	rules, err := checkIgnore(g.ctx, g.repo, in.String())
	if err != nil {
		return err
	}
	for _, u := range unseen {
		rule, ok := rules[u.rel]
		if !ok {
			continue
		}
		g.warn(u.doc, u.line, fmt.Sprintf("source_ref %q: git ignores %s (%s), so the git baseline cannot see it change: only whether it exists is checked; "+
			"track it, or choose the index baseline, which compares its content", u.ref, u.rel, rule))
	}
	return nil
}

// checkIgnore runs `git check-ignore -v` on the NUL-separated paths and
// returns, by path, the rule that ignores it (".gitignore:3: *.log").
func checkIgnore(ctx context.Context, g *gitRepo, paths string) (map[string]string, error) {
	cmd := gitCommand(ctx, g.root, "check-ignore", "-v", "-z", "--stdin")
	cmd.Stdin = strings.NewReader(paths)
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 {
		return nil, nil // none is ignored
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var stderr []byte
		if exit != nil {
			stderr = exit.Stderr
		}
		return nil, gitError([]string{"check-ignore"}, err, stderr)
	}
	// source NUL line NUL pattern NUL path NUL, per ignored path.
	f := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	rules := map[string]string{}
	for i := 0; i+3 < len(f); i += 4 {
		if f[i] != "" {
			rules[f[i+3]] = fmt.Sprintf("%s:%s: %s", f[i], f[i+1], f[i+2])
		}
	}
	return rules, nil
}
