package stalesnap

import (
	"context"
	"fmt"

	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/stale"
)

// Key identifies what a staleness snapshot was computed from: the HEAD
// commit, the state of the index (search_generation) and the configured
// baseline. When HEAD or the baseline moves, the snapshot is computed
// again; when only the index moved, only the documents added, edited or
// renamed since are.
type Key struct {
	Head       string
	Generation int64
	Config     string
}

// SurfaceBaseline is the baseline search results, pages and status check
// with: the configured one, except that git outside a git work tree falls
// back to the index (as auto does) instead of failing every request;
// `ubp stale --baseline git` reports that error.
func (k Key) SurfaceBaseline() string {
	if k.Config == stale.BaselineGit {
		return stale.BaselineAuto
	}
	return k.Config
}

// CurrentKey reads HEAD of the project at root (a few small file reads)
// and the index generation (one row); configured is staleness.baseline
// ("" for auto), gitDir GIT_DIR as git sees it (see stale.Options.GitDir).
func CurrentKey(ctx context.Context, q store.Querier, root, configured, gitDir string) (Key, error) {
	k := Key{Config: configured}
	if k.Config == "" {
		k.Config = stale.BaselineAuto
	}
	if k.Config != stale.BaselineIndex {
		head, err := stale.HeadCommit(ctx, root, gitDir)
		if err != nil {
			return k, fmt.Errorf("read HEAD: %w", err)
		}
		k.Head = head
	}
	gen, err := store.SearchGeneration(ctx, q)
	if err != nil {
		return k, fmt.Errorf("read the index generation: %w", err)
	}
	k.Generation = gen
	return k, nil
}
