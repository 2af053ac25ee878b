package embedrun

import (
	"context"
	"database/sql"
	"math"
	"strconv"

	"github.com/ubp-dev/ubp/engine/embed"
	"github.com/ubp-dev/ubp/engine/internal/store"
	"github.com/ubp-dev/ubp/engine/internal/store/vecstore"
)

const (
	// minComponentVectors: below this many vectors the corpus' first
	// principal component is more topic than common direction, so none is
	// removed.
	minComponentVectors = 16
	// componentKeep: a recomputed common component this close (|cos|) to
	// the stored one is not worth reprojecting every vector for.
	componentKeep = 0.9995
)

// The common component of a large index is recomputed only once the
// vectors embedded since it was computed reach 1/componentDriftDiv of the
// vectors it was computed from (below componentLazyMin vectors, after
// every run that embeds): it is the mean direction of every vector, which
// one edit among tens of thousands does not move, and recomputing it reads
// every vector (about 0.1 s at 12,000 vectors, growing with the corpus).
// New vectors are projected with the stored component meanwhile.
const (
	componentLazyMin  = 2000
	componentDriftDiv = 100
	// metaComponentBasis is how many vectors the component was last
	// computed from; metaComponentPending how many were embedded since.
	metaComponentBasis   = "component_basis"
	metaComponentPending = "component_pending"
)

// componentDue records that embedded vectors were added and reports
// whether the common component should be recomputed now: when vectors were
// added or removed since it was computed (from a small index), or enough
// of them (from a large one). Removed vectors are those the basis and the
// additions since count and the index no longer holds (documents or
// sections deleted). force (a first build) always recomputes.
func (r *run) componentDue(ctx context.Context, model string, embedded int, force bool) (bool, error) {
	basisText, hasBasis, err := store.GetMeta(ctx, r.db, metaComponentBasis)
	if err != nil {
		return false, err
	}
	pendingText, _, err := store.GetMeta(ctx, r.db, metaComponentPending)
	if err != nil {
		return false, err
	}
	basis, _ := strconv.Atoi(basisText)
	pending, _ := strconv.Atoi(pendingText)
	pending += embedded
	removed := 0
	if hasBasis {
		n, err := vecstore.Count(ctx, r.db, model)
		if err != nil {
			return false, err
		}
		removed = max(0, basis+pending-n)
	}
	// An edit removes the vectors it replaces: count the larger of the two,
	// so that it counts once.
	changed := max(pending, removed)
	if force || changed > 0 && (basis < componentLazyMin || changed*componentDriftDiv >= basis) {
		return true, nil
	}
	if embedded == 0 {
		return false, nil
	}
	return false, r.withTx(ctx, func(tx *sql.Tx) error {
		return store.SetMeta(ctx, tx, metaComponentPending, strconv.Itoa(pending))
	})
}

// recordComponentBasis notes that the component was just computed from n
// vectors.
func recordComponentBasis(ctx context.Context, tx *sql.Tx, n int) error {
	if err := store.SetMeta(ctx, tx, metaComponentBasis, strconv.Itoa(n)); err != nil {
		return err
	}
	return store.SetMeta(ctx, tx, metaComponentPending, "0")
}

// refreshComponent recomputes the common component of the model's
// vectors (for providers that want it) and stores it, reprojecting the
// index, unless it barely moved. changed says vectors changed since the
// stored component was computed. reprojected reports that the index was
// rewritten.
func (r *run) refreshComponent(ctx context.Context, p embed.Provider, model string, changed bool) (reprojected bool, err error) {
	if !embed.WantsCommonComponent(p) || !changed {
		return false, nil
	}
	// Read a page of vectors at a time, holding none (vecstore.CommonComponent).
	pc, n, err := vecstore.CommonComponent(ctx, r.db, model)
	if err != nil {
		return false, err
	}
	if n < minComponentVectors {
		pc = nil
	}
	old, err := vecstore.Component(ctx, r.db, model)
	if err != nil {
		return false, err
	}
	keep := old == nil && pc == nil
	// A small index always takes the component of its vectors as they are
	// (read back from the vector index to float32 precision, vecstore's
	// raw.go), so that it equals one built from the same files; a large one keeps a
	// component that barely moved rather than rewrite every vector.
	if old != nil && pc != nil && len(old) == len(pc) && n >= componentLazyMin {
		var dot float64
		for i := range pc {
			dot += float64(pc[i]) * float64(old[i])
		}
		keep = math.Abs(dot) >= componentKeep
	}
	return !keep, r.withTx(ctx, func(tx *sql.Tx) error {
		if err := recordComponentBasis(ctx, tx, n); err != nil {
			return err
		}
		if keep {
			return nil
		}
		return vecstore.SetComponent(ctx, tx, model, pc)
	})
}
