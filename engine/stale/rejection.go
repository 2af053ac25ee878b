package stale

import (
	"context"
	"errors"
	"fmt"

	"github.com/ubp-dev/ubp/index"
)

// acceptRef resolves ref as Check reads it: a ref CheckPath rejects is
// still the path its whole text names, '#' included (notes/c#.md, a file
// deleted since), when that path existed: recorded reports whether the
// document's index baseline holds it (by SourceRef.String()) as existing,
// else a commit in HEAD's history must hold it (openRepo nil or giving
// nil: none). It returns a *RejectedError for a ref rejected, any other
// error when the check cannot proceed.
func acceptRef(ctx context.Context, rootReal string, ref index.SourceRef, recorded func(string) bool, openRepo func() *gitRepo) (resolvedRef, error) {
	r, err := resolveRef(rootReal, ref)
	var rej *RejectedError
	if err == nil || !errors.As(err, &rej) {
		return r, err
	}
	w, isPath := wholePathRef(rootReal, ref)
	if !isPath {
		return resolvedRef{}, err
	}
	if recorded != nil && recorded(w.ref.String()) {
		return w, nil
	}
	var repo *gitRepo
	if openRepo != nil {
		repo = openRepo()
	}
	if repo == nil {
		return resolvedRef{}, err
	}
	held, herr := repo.everHeld(ctx, w.gitPath())
	if herr != nil {
		return resolvedRef{}, fmt.Errorf("staleness: source_ref %q: %w", w.ref.String(), herr)
	}
	if held {
		return w, nil
	}
	return resolvedRef{}, err
}

// Rejecter decides, for an indexing run, which source refs Check will
// reject, the same way (see acceptRef): a '#' file deleted since is not
// rejected but deleted, so what the run prints agrees with `ubp stale`
// and `ubp status`. The git work tree is looked up once, and only for a
// '#' ref neither reading of which exists now. Until 2026-11-27 indexing
// decided with CheckPath alone and printed such a file as rejected.
type Rejecter struct {
	rootReal, gitDir string
	repo             *gitRepo
	opened           bool
}

// NewRejecter resolves root; gitDir is GIT_DIR as git sees it ("" when
// unset, see Options.GitDir).
func NewRejecter(root, gitDir string) (*Rejecter, error) {
	rootReal, err := realRoot(root)
	if err != nil {
		return nil, err
	}
	return &Rejecter{rootReal: rootReal, gitDir: gitDir}, nil
}

// Rejection returns the *RejectedError Check gives ref, nil when it
// accepts it. recorded reports whether the document's index baseline
// holds a path (by SourceRef.String()) as existing; nil: none. When git
// cannot answer whether a commit held the path, the ref is rejected as
// CheckPath rejects it; only a done ctx is an error.
func (x *Rejecter) Rejection(ctx context.Context, ref index.SourceRef, recorded func(string) bool) (*RejectedError, error) {
	_, err := acceptRef(ctx, x.rootReal, ref, recorded, x.openRepo(ctx))
	var rej *RejectedError
	switch {
	case err == nil:
		return nil, nil
	case errors.As(err, &rej):
		return rej, nil
	case ctx.Err() != nil:
		return nil, ctx.Err()
	}
	// git failed: say what CheckPath says.
	if _, err := resolveRef(x.rootReal, ref); errors.As(err, &rej) {
		return rej, nil
	}
	return nil, nil
}

// openRepo opens the git work tree on first use (nil outside git, or when
// git cannot read it).
func (x *Rejecter) openRepo(ctx context.Context) func() *gitRepo {
	return func() *gitRepo {
		if !x.opened {
			x.opened = true
			x.repo, _ = openGit(ctx, x.rootReal, x.gitDir)
		}
		return x.repo
	}
}
